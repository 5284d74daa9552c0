"""Slide 2: the clubhouse infinity pool at golden hour.

The camera sits low at the shallow end so the water runs straight into the valley:
the vanishing edge, then layered hills fading into warm haze, the sun just out of
frame to the right giving a glitter path and rim light.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geometry  # noqa: E402
import lighting  # noqa: E402
import materials  # noqa: E402
import render_setup  # noqa: E402
import vegetation  # noqa: E402

args = render_setup.start()
render_setup.setup_render(args, samples=56, exposure=-0.6, clamp_indirect=6, bounces=(8, 3, 4, 10))

# Pool: 9 m x 26 m, water level z = 0, deck at z = 0.05.
PW, PL, DEPTH = 9.0, 26.0, 1.4
deck = materials.mat_paving("Deck", color=(0.58, 0.50, 0.40), tile=(1.2, 0.6))
plaster = materials.mat_plaster("PoolPlaster", color=(0.16, 0.27, 0.28), rough=0.5, scale=1.0)
water = materials.mat_water("PoolWater", ripple=0.12, scale=1.6)
edge = materials.mat_stone("EdgeStone", color=(0.28, 0.26, 0.23), course=0.6, block=1.5, var=0.05)

geometry.box("PoolFloor", (PW, PL, 0.2), (0, PL / 2, -DEPTH - 0.1), plaster, bev=0)
for sx in (-PW / 2 - 0.1, PW / 2 + 0.1):
    geometry.box("PoolWall", (0.2, PL, DEPTH), (sx, PL / 2, -DEPTH / 2), plaster, bev=0)
geometry.box("PoolWallNear", (PW, 0.2, DEPTH), (0, -0.1, -DEPTH / 2), plaster, bev=0)
geometry.box("Water", (PW, PL, 0.04), (0, PL / 2, -0.02), water, bev=0)
# Vanishing edge: a knife-thin dark stone lip that the water just overtops.
geometry.box("VanishingEdge", (PW + 0.4, 0.3, 1.0), (0, PL + 0.15, -0.52), edge, bev=0.004)
# Decks either side; nothing beyond the far edge but the view.
geometry.box("DeckL", (7.0, PL + 6, 0.3), (-PW / 2 - 3.5, PL / 2 - 3, -0.1), deck, bev=0.01)
geometry.box("DeckR", (5.0, PL + 6, 0.3), (PW / 2 + 2.5, PL / 2 - 3, -0.1), deck, bev=0.01)
geometry.box("DeckNear", (PW, 6, 0.3), (0, -3.0, -0.1), deck, bev=0.01)
geometry.box("Coping", (PW + 0.01, 0.35, 0.06), (0, 0.175, 0.07), deck, bev=0.01)

# Teak loungers with linen cushions on the left deck: scale cues, kept quiet.
teak = materials.mat_wood("Teak", dark=(0.12, 0.06, 0.025), light=(0.3, 0.16, 0.07), plank=(2.0, 0.08))
linen = materials.mat_fabric("Cushion", color=(0.72, 0.68, 0.6))
for i, y in enumerate((4.0, 8.5, 13.0)):
    x = -PW / 2 - 2.2
    geometry.box("LoungerFrame", (0.75, 2.0, 0.08), (x, y, 0.32), teak, bev=0.01)
    for dx in (-0.33, 0.33):
        for dy in (-0.9, 0.9):
            geometry.box("Leg", (0.05, 0.05, 0.28), (x + dx, y + dy, 0.14), teak, bev=0.008)
    geometry.box("Cushion", (0.7, 1.35, 0.08), (x, y - 0.3, 0.41), linen, bev=0.035, segments=3)
    back = geometry.box("Back", (0.7, 0.65, 0.08), (x, y + 0.55, 0.58), linen, bev=0.035, segments=3)
    back.rotation_euler = (math.radians(-45), 0, 0)

# Planting along the right deck: a low hedge and a pair of olive-like trees.
box_leaf = vegetation.leaf_card("BoxLeaf", size=0.05,
                                mat=materials.mat_leaf("Boxwood", color=(0.04, 0.07, 0.02), translucency=0.35))
big, mid, alt = vegetation.tree_set(dark=(0.05, 0.07, 0.03), warm=(0.08, 0.09, 0.035))
vegetation.instance(mid, (PW / 2 + 5.5, 20, 0), rot_z=1.2, scale=0.8)

# The view: successive ridges receding into haze. Each ridge sits higher in the
# frame than the one before it so no sky shows between them; the haze term in
# mat_distant lightens and warms them with distance, like real aerial perspective.
haze = (0.5, 0.36, 0.24)
for i, (dist, base, height, col, fall) in enumerate([
        (420, -42, 22, (0.012, 0.02, 0.012), 2600), (900, -50, 48, (0.015, 0.022, 0.016), 2300),
        (1700, -60, 90, (0.02, 0.025, 0.025), 2000), (3200, -70, 170, (0.03, 0.032, 0.036), 1800), (6000, -60, 260, (0.04, 0.04, 0.045), 1700)]):
    mat = materials.mat_distant("Ridge%d" % i, col, haze=haze, falloff=fall, bump_scale=0.02)
    geometry.terrain("Ridge%d" % i, (9000 + 3000 * i, 700), (720, 14),
                     lambda x, y, b=base, h=height, k=i: b + h * (0.55 + 0.8 * geometry.fbm(x, y, 0.0011, 3, k * 7.1))
                     + 0.05 * h * geometry.fbm(x, y, 0.02, 2, k * 3.3),
                     loc=(0, dist, 0), mat=mat)
# One continuous valley floor under every ridge, so nothing below a ridge's
# front edge can show sky through.
geometry.terrain("Valley", (12000, 7000), (120, 70), lambda x, y: -62 - 0.004 * y + 4 * geometry.fbm(x, y, 0.01),
                 loc=(0, 3550, 0), mat=materials.mat_distant("ValleyMat", (0.02, 0.026, 0.02), haze=haze, falloff=7000))

# Sun low and ahead-right: golden rim light and a glitter path on the water.
lighting.sky(5.0, 28, strength=0.25, sun_strength=3.2, sun_color=lighting.kelvin(3000), sun_angle=0.8,
             air=1.0, dust=1.2, ozone=1.0)

render_setup.camera((-1.2, -2.6, 1.35), (0.5, 60, -1.2), lens=32, fstop=5.6, focus=14)
render_setup.render(args)
