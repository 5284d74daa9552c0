"""Design: the double-height living room of the model residence, late afternoon.

A full-height glass wall on the left lets a low western sun rake across the
limestone fireplace wall and the honed travertine floor; a cantilevered walnut
stair climbs the right wall to the gallery. 3:2 frame, 28 mm, eye height.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fire  # noqa: E402
import furniture  # noqa: E402
import geometry  # noqa: E402
import lighting  # noqa: E402
import materials  # noqa: E402
import render_setup  # noqa: E402
import vegetation  # noqa: E402

args = render_setup.start()
render_setup.setup_render(args, samples=112, exposure=0.2, clamp_indirect=5, bounces=(6, 3, 2, 6))

X0, X1, Y0, Y1, H = -6.0, 6.0, -2.0, 10.0, 7.0
stone = materials.mat_stone("FireplaceLimestone", color=(0.74, 0.64, 0.50), course=0.45, block=1.35, mortar=0.003,
                            var=0.08)
floor = materials.mat_travertine("FloorTravertine", color=(0.74, 0.66, 0.54), tile=(1.2, 0.6), polish=0.22)
plaster = materials.mat_plaster("WallPlaster", color=(0.80, 0.75, 0.67))
oak = materials.mat_wood("CeilingOak", dark=(0.25, 0.15, 0.08), light=(0.48, 0.31, 0.17), plank=(3.0, 0.12))
walnut = materials.mat_wood("Walnut", dark=(0.07, 0.04, 0.022), light=(0.2, 0.11, 0.055), plank=(1.2, 0.3))
bronze = materials.mat_metal("Bronze", color=(0.12, 0.08, 0.05), rough=0.3)
glass = materials.mat_glass("Glazing", tint=(0.92, 0.95, 0.94), reflect=0.7)
linen = materials.mat_fabric("Linen", color=(0.70, 0.65, 0.56))
boucle = materials.mat_fabric("Boucle", color=(0.80, 0.76, 0.68))
wool = materials.mat_fabric("RugWool", color=(0.45, 0.40, 0.33))
ceramic = materials.mat_diffuse("Ceramic", (0.12, 0.1, 0.085), rough=0.35, spec=0.5)
marble = materials.mat_travertine("TableStone", color=(0.55, 0.5, 0.44), tile=(3, 3), polish=0.12)
steel = materials.mat_metal("BlackenedSteel", color=(0.025, 0.023, 0.022), rough=0.45)

# Shell ------------------------------------------------------------------------
geometry.box("Floor", (X1 - X0, Y1 - Y0, 0.2), (0, (Y0 + Y1) / 2, -0.1), floor, bev=0)
geometry.box("Ceiling", (X1 - X0, Y1 - Y0, 0.2), (0, (Y0 + Y1) / 2, H + 0.1), plaster, bev=0)
# Slatted oak ceiling: the slats catch the bounce light and add warmth overhead.
for i in range(int((Y1 - Y0) / 0.16)):
    geometry.box("Slat", (X1 - X0, 0.09, 0.12), (0, Y0 + 0.08 + i * 0.16, H - 0.06), oak, bev=0.008)
geometry.box("BackWall", (X1 - X0, 0.4, H), (0, Y1 + 0.2, H / 2), stone, bev=0.0)
geometry.box("RightWall", (0.3, Y1 - Y0 + 6, H), (X1 + 0.15, (Y0 + Y1) / 2 - 3, H / 2), plaster, bev=0)
geometry.box("FrontWall", (X1 - X0, 0.3, H), (0, Y0 - 3.2, H / 2), plaster, bev=0)
geometry.box("Header", (0.5, Y1 - Y0 + 6, 0.5), (X0, (Y0 + Y1) / 2 - 3, H - 0.25), plaster, bev=0.01)
furniture.window_wall(Y0 - 3, Y1, X0, 0.0, H - 0.5, glass, bronze, bay=2.0, axis="y", transom=3.4)
geometry.box("Sill", (0.3, Y1 - Y0 + 3, 0.04), (X0, (Y0 + Y1) / 2 - 1.5, 0.02), bronze, bev=0.005)

# Fireplace: a projecting limestone chimney breast with a long linear firebox.
breast = geometry.box("Breast", (4.6, 0.5, H), (-0.9, Y1 - 0.25, H / 2), stone, bev=0.02)
# Low flame in a slot recessed into the breast (a box set in front of it hid the flame).
fire.linear_fire(breast, (-0.9, Y1 - 0.5, 0.75), width=2.6, height=0.42, depth=0.38, flame=0.2, energy=40, trim=steel)
geometry.box("Hearth", (5.4, 0.7, 0.3), (-0.9, Y1 - 0.6, 0.15), stone, bev=0.02)

# Cantilevered walnut stair climbing the stone wall to a gallery on the right: each
# tread appears to grow out of the limestone, the room's sculptural moment.
steps = 15
for i in range(steps):
    x = 1.95 + i * 0.25
    z = 0.24 * (i + 1)
    geometry.box("Tread", (0.30, 1.05, 0.075), (x, Y1 - 0.525, z - 0.0375), walnut, bev=0.008)
# The gallery is a plaster slab with only a walnut edge band: seen from below, a solid
# walnut soffit read as a dark, heavy block hanging in the top right of the frame.
GT = 0.24
geometry.box("Gallery", (1.6, 4.5, GT), (X1 - 0.8, Y1 - 2.25 - 1.05, 3.6 - GT / 2), plaster, bev=0.01)
geometry.box("GalleryEdge", (0.025, 4.5 + 0.025, GT), (X1 - 1.6 - 0.0125, Y1 - 2.25 - 1.05 - 0.0125, 3.6 - GT / 2),
             walnut, bev=0.004)
geometry.box("GalleryEnd", (1.6, 0.025, GT), (X1 - 0.8, Y1 - 4.5 - 1.05 - 0.0125, 3.6 - GT / 2), walnut, bev=0.004)
geometry.box("GalleryGlass", (0.02, 4.5, 1.05), (X1 - 1.6, Y1 - 2.25 - 1.05, 3.6 + 0.525), glass, bev=0)
geometry.box("Handrail", (0.05, 4.5, 0.04), (X1 - 1.6, Y1 - 2.25 - 1.05, 3.6 + 1.07), bronze, bev=0.005)
geometry.box("Stringer", (0.02, 1.05, 0.02), (1.85, Y1 - 0.525, 0.01), bronze, bev=0)

# Furniture group facing the fire.
furniture.rug(-0.9, 5.9, (4.8, 3.6), wool)
furniture.sofa(-0.9, 3.9, math.pi, linen, walnut, length=3.0)
furniture.lounge_chair(-3.2, 6.3, -math.pi / 2 + 0.25, boucle, walnut)
furniture.lounge_chair(1.5, 6.5, math.pi / 2 - 0.3, boucle, walnut)
furniture.coffee_table(-0.9, 6.0, marble, walnut, size=(1.6, 0.9))
furniture.vase(-0.6, 6.0, 0.36, ceramic, r=0.1, h=0.3)
furniture.vase(-1.3, 5.85, 0.36, ceramic, r=0.07, h=0.18)
geometry.box("Books", (0.3, 0.22, 0.07), (-1.0, 6.15, 0.395),
             materials.mat_diffuse("Book", (0.5, 0.45, 0.38), rough=0.6), bev=0.005)
# Sculptural bronze bowl on the hearth.
geometry.cylinder("Bowl", 0.28, 0.12, (1.0, Y1 - 0.6, 0.36), bronze, verts=48, bev=0.05)

# Garden beyond the glass --------------------------------------------------------
# Muted, late-season green: seen in full sun through the glass, a saturated lawn
# fought the warm stone for attention.
lawn = materials.mat_grass_ground("Lawn", color=(0.065, 0.08, 0.028))
geometry.terrain("Garden", (200, 200), (50, 50),
                 lambda x, y: -0.3 + 0.8 * geometry.fbm(x, y, 0.02, 3) * min(1, abs(x + 6) / 30),
                 loc=(-106, 4, 0), mat=lawn)
big, mid, alt = vegetation.tree_set()
vegetation.woodland([big, mid, alt], 25, (-90, -14), (-40, 60), lambda x, y: -0.3, seed=4)
vegetation.instance(big, (-13, 2, -0.3), rot_z=1.0, scale=1.0)
geometry.box("Terrace", (6, Y1 - Y0 + 8, 0.3), (X0 - 3.0, (Y0 + Y1) / 2 - 3, -0.15),
             materials.mat_paving("TerraceStone", color=(0.66, 0.6, 0.5), tile=(1.2, 0.6)), bev=0.01)

# Light --------------------------------------------------------------------------
# Afternoon sun low in the west (beyond the glass wall), skimming across the room so
# it grazes the fireplace stone and throws mullion shadows over the floor.
lighting.sky(20, 236, strength=0.3, sun_strength=6.0, sun_color=lighting.kelvin(3600), sun_angle=0.5,
             dust=1.5, ozone=1.5)
# Soft bounce standing in for light off the unseen front wall and terrace.
lighting.area_light((2.0, Y0 - 2.5, 2.6), (-0.9, 6, 1.2), size=(5.0, 2.5), energy=320, color=lighting.kelvin(4000))

render_setup.camera((3.6, -1.9, 1.45), (-0.6, 9.0, 2.45), lens=26, fstop=5.6, focus=9.0)
render_setup.render(args)
