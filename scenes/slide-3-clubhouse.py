"""Slide 3: the clubhouse lounge, mid-afternoon.

A long room under a timber ceiling (glulam beams over oak slats), one wall of
tall glass onto the terrace and grounds, a limestone fireplace at the far end and
groups of lounge seating. Soft light: bright sky through the glass, sun high
enough to lay only short patches inside the windows.
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
render_setup.setup_render(args, samples=48, exposure=0.1, clamp_indirect=5, bounces=(6, 3, 2, 6))

X0, X1, Y0, Y1, H = -12.0, 10.0, -4.0, 12.0, 5.2
oak_floor = materials.mat_wood("OakFloor", dark=(0.17, 0.125, 0.09), light=(0.33, 0.25, 0.18), plank=(2.2, 0.22),
                               rough=0.35)
oak = materials.mat_wood("CeilingOak", dark=(0.26, 0.16, 0.085), light=(0.5, 0.33, 0.18), plank=(3.0, 0.1))
glulam = materials.mat_wood("Glulam", dark=(0.30, 0.18, 0.09), light=(0.52, 0.34, 0.18), plank=(6.0, 0.04))
stone = materials.mat_stone("Limestone", color=(0.72, 0.63, 0.50), course=0.4, block=1.2, mortar=0.004, var=0.1)
plaster = materials.mat_plaster("Plaster", color=(0.78, 0.73, 0.65))
bronze = materials.mat_metal("Bronze", color=(0.12, 0.08, 0.05), rough=0.3)
glass = materials.mat_glass("Glazing", tint=(0.92, 0.95, 0.94), reflect=0.7)
leather = materials.mat_diffuse("Leather", (0.16, 0.075, 0.035), rough=0.45, spec=0.5, noise_scale=6)
linen = materials.mat_fabric("Linen", color=(0.66, 0.61, 0.52))
wool = materials.mat_fabric("RugWool", color=(0.36, 0.33, 0.28))
walnut = materials.mat_wood("Walnut", dark=(0.07, 0.04, 0.022), light=(0.2, 0.11, 0.055), plank=(1.2, 0.3))
marble = materials.mat_travertine("TableStone", color=(0.6, 0.55, 0.48), tile=(3, 3), polish=0.12)
shade = materials.mat_emission("PendantGlow", lighting.kelvin(2600), 8.0, camera_only=True)
steel = materials.mat_metal("BlackenedSteel", color=(0.025, 0.023, 0.022), rough=0.45)

# Shell
geometry.box("Floor", (X1 - X0, Y1 - Y0, 0.2), ((X0 + X1) / 2, (Y0 + Y1) / 2, -0.1), oak_floor, bev=0)
geometry.box("Roof", (X1 - X0 + 2, Y1 - Y0 + 2, 0.3), ((X0 + X1) / 2, (Y0 + Y1) / 2, H + 0.45), plaster, bev=0)
for i in range(int((X1 - X0) / 0.14)):
    geometry.box("Slat", (0.08, Y1 - Y0, 0.1), (X0 + 0.07 + i * 0.14, (Y0 + Y1) / 2, H + 0.25), oak, bev=0.006)
# Glulam beams span the room's depth every 3.6 m.
for i in range(7):
    x = X0 + 1.0 + i * 3.6
    geometry.box("Beam", (0.28, Y1 - Y0, 0.7), (x, (Y0 + Y1) / 2, H - 0.15), glulam, bev=0.012)
geometry.box("RightWall", (0.3, Y1 - Y0, H + 0.6), (X1 + 0.15, (Y0 + Y1) / 2, (H + 0.6) / 2), plaster, bev=0)
geometry.box("FrontWall", (X1 - X0, 0.3, H + 0.6), ((X0 + X1) / 2, Y0 - 0.15, (H + 0.6) / 2), plaster, bev=0)
# Limestone fireplace wall at the far (left) end.
geometry.box("FireWall", (0.6, Y1 - Y0, H + 0.6), (X0 - 0.3, (Y0 + Y1) / 2, (H + 0.6) / 2), stone, bev=0)
breast = geometry.box("Breast", (0.5, 4.0, H + 0.6), (X0 + 0.25, 4.0, (H + 0.6) / 2), stone, bev=0.02)
# Same recessed linear fire as the residence (a box set in front of the stone hid the flame).
fire.linear_fire(breast, (X0 + 0.5, 4.0, 0.8), rot=math.pi / 2, width=2.2, height=0.5, depth=0.38, flame=0.22,
                 energy=40, trim=steel)
geometry.box("Hearth", (0.9, 5.0, 0.35), (X0 + 0.45, 4.0, 0.175), stone, bev=0.02)
# Glass wall along the back with a deep stone sill.
furniture.window_wall(X0, X1, Y1, 0.0, H, glass, bronze, bay=2.2, axis="x", transom=4.0)

# Seating groups
furniture.rug(-7.5, 4.0, (5.0, 4.2), wool)
furniture.sofa(-6.2, 4.0 + 1.6, -math.pi / 2, linen, walnut, length=3.0)
furniture.lounge_chair(-8.6, 2.3, -0.3, leather, walnut)
furniture.lounge_chair(-8.6, 5.7, math.pi + 0.3, leather, walnut)
furniture.coffee_table(-7.8, 4.0, marble, walnut, size=(1.2, 1.2))
furniture.vase(-7.8, 4.0, 0.36, materials.mat_diffuse("Ceramic", (0.1, 0.085, 0.07), rough=0.35), r=0.11, h=0.28)
for gx, gy in ((-1.0, 7.5), (5.0, 7.0)):
    furniture.rug(gx, gy, (4.0, 3.4), wool)
    furniture.coffee_table(gx, gy, walnut, bronze, size=(1.0, 1.0), h=0.42)
    for k, a in enumerate((0.0, math.pi / 2, math.pi, 3 * math.pi / 2)):
        cx, cy = gx + 1.3 * math.sin(a), gy - 1.3 * math.cos(a)
        furniture.lounge_chair(cx + 0.4 * math.cos(a), cy + 0.4 * math.sin(a), a, leather if k % 2 else linen, walnut)
# Bar counter along the right wall.
geometry.box("Bar", (1.0, 7.0, 1.05), (X1 - 1.6, 3.0, 0.525), stone, bev=0.02)
geometry.box("BarTop", (1.2, 7.2, 0.05), (X1 - 1.6, 3.0, 1.075), walnut, bev=0.01)
geometry.box("BackBar", (0.45, 7.0, 2.6), (X1 - 0.25, 3.0, 1.3), walnut, bev=0.01)

# Pendants over the seating, each a visible glow plus one lamp per group.
for (px, py) in ((-7.8, 4.0), (-1.0, 7.5), (5.0, 7.0)):
    furniture.pendant(px, py, H - 0.5, 1.9, shade, bronze, r=0.3)
    lighting.point_light((px, py, H - 2.6), energy=60, color=lighting.kelvin(2600), radius=0.15)

# Grounds outside
lawn = materials.mat_grass_ground("Lawn", color=(0.05, 0.095, 0.025))
geometry.terrain("Grounds", (300, 200), (60, 40),
                 lambda x, y: -0.4 + 1.5 * geometry.fbm(x, y, 0.015, 3) * min(1, (y - 12) / 40),
                 loc=(0, 112, 0), mat=lawn)
geometry.box("Terrace", (X1 - X0 + 10, 8, 0.3), ((X0 + X1) / 2, Y1 + 4, -0.15),
             materials.mat_paving("TerraceStone", color=(0.66, 0.6, 0.5), tile=(1.2, 0.6)), bev=0.01)
big, mid, alt = vegetation.tree_set()
vegetation.woodland([big, mid, alt], 40, (-90, 90), (40, 140), lambda x, y: -0.4, seed=31)
vegetation.instance(big, (-16, 24, -0.3), rot_z=2.0, scale=1.0)
vegetation.instance(mid, (12, 28, -0.3), rot_z=0.5, scale=1.0)
geometry.terrain("Hills", (3000, 400), (120, 16), lambda x, y: -20 + 60 * geometry.fbm(x, y, 0.002, 3, 4.0),
                 loc=(0, 900, 0),
                 mat=materials.mat_distant("HillsMat", (0.05, 0.07, 0.04), haze=(0.55, 0.6, 0.62), falloff=1500))

# Light: bright afternoon sky through the glass; the sun high behind the building's
# glazed side lays short warm patches inside the windows, the rest is soft.
lighting.sky(38, 200 - 180, strength=0.4, sun_strength=4.0, sun_color=lighting.kelvin(4800), sun_angle=0.6, dust=1.2)
# Soft fill for the side of the room away from the glass (a photographer's bounce).
lighting.area_light((6.0, Y0 + 0.6, 3.0), (-4, 8, 1.0), size=(6.0, 3.0), energy=500, color=lighting.kelvin(3400))
# Hung below the beams so it lights the room, not stripes along the beam sides.
lighting.area_light(((X0 + X1) / 2, 4.0, H - 0.6), ((X0 + X1) / 2, 4.0, 0), size=(16.0, 4.0), energy=700,
                    color=lighting.kelvin(3000))

render_setup.camera((8.2, -3.0, 1.5), (-4.0, 10.5, 2.2), lens=24, fstop=5.6, focus=12)
render_setup.render(args)
