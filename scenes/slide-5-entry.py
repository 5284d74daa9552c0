"""Slide 5: the gated entry at the end of the day.

Limestone pillars with bronze lanterns, a dark steel gate, and beyond it the drive
receding under an allee of trees towards lantern-lit posts. Sun just set behind the
trees; the lanterns carry the warmth.
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
render_setup.setup_render(args, samples=48, exposure=0.35, clamp_indirect=6)

stone = materials.mat_stone("Limestone", color=(0.66, 0.52, 0.36), course=0.3, block=0.9, var=0.16)
cap = materials.mat_stone("CapStone", color=(0.66, 0.57, 0.45), course=5, block=5, var=0.03)
iron = materials.mat_metal("BlackSteel", color=(0.025, 0.024, 0.022), rough=0.4, metallic=0.8)
bronze = materials.mat_metal("Bronze", color=(0.16, 0.1, 0.055), rough=0.35)
lantern_glass = materials.mat_emission("LanternGlow", lighting.kelvin(2300), 18.0, camera_only=True)
lawn = materials.mat_grass_ground("Lawn", color=(0.045, 0.085, 0.022))
drive = materials.mat_paving("DriveSetts", color=(0.36, 0.30, 0.24), tile=(0.3, 0.15))
gravel = materials.mat_gravel("Verge", color=(0.45, 0.41, 0.36))

geometry.terrain("Ground", (240, 400), (60, 100), lambda x, y: 0.25 * geometry.fbm(x, y, 0.03, 3) * min(1, abs(x) / 12),
                 loc=(0, 150, 0), mat=lawn)
geometry.box("Drive", (6.5, 360, 0.1), (0, 170, 0.0), drive, bev=0.01)
geometry.box("Apron", (18, 10, 0.1), (0, -6, 0.005), drive, bev=0.01)
for sx in (-3.5, 3.5):
    geometry.box("Verge", (0.5, 360, 0.06), (sx, 170, 0.01), gravel, bev=0.005)


def lantern(x, y, z, size=0.32, energy=45):
    """Square bronze lantern: glowing glass box, bronze frame and cap, real point light."""
    geometry.box("LanternGlass", (size, size, size * 1.3), (x, y, z + size * 0.65), lantern_glass, bev=0.004)
    for dx in (-1, 1):
        for dy in (-1, 1):
            geometry.box("LanternFrame", (0.025, 0.025, size * 1.3),
                         (x + dx * size / 2, y + dy * size / 2, z + size * 0.65), bronze, bev=0.003)
    geometry.box("LanternCap", (size * 1.25, size * 1.25, 0.06), (x, y, z + size * 1.33), bronze, bev=0.01)
    geometry.box("LanternBase", (size * 1.1, size * 1.1, 0.05), (x, y, z), bronze, bev=0.01)
    lighting.point_light((x, y, z + size * 0.65), energy=energy, color=lighting.kelvin(2300), radius=0.1)


# Gate piers and wing walls.
GAP = 7.0
for sx in (-1, 1):
    px = sx * (GAP / 2 + 0.55)
    geometry.box("Pier", (1.1, 1.1, 3.2), (px, 0, 1.6), stone, bev=0.015)
    geometry.box("PierCap", (1.3, 1.3, 0.18), (px, 0, 3.29), cap, bev=0.02)
    lantern(px, 0, 3.38, 0.38, energy=160)
    # Low wing walls splaying outwards to welcome the drive in.
    ang = sx * math.radians(-22)
    geometry.box("Wing", (5.0, 0.55, 1.2), (px + sx * 2.85, -0.95, 0.6), stone, bev=0.015, rot=(0, 0, ang))
    geometry.box("WingCap", (5.1, 0.7, 0.1), (px + sx * 2.85, -0.95, 1.25), cap, bev=0.012, rot=(0, 0, ang))
    geometry.box("WingPier", (0.8, 0.8, 1.5), (px + sx * 5.4, -2.0, 0.75), stone, bev=0.015)

# The gate: two closed leaves of slim square bars with a shallow arched top rail.
for sx in (-1, 1):
    x0, x1 = sx * 0.02, sx * GAP / 2
    n = 18
    for i in range(n + 1):
        t = i / n
        x = x0 + (x1 - x0) * t
        # Arch: leaves rise towards the piers, a classic estate-gate profile.
        h = 2.2 + 0.45 * (abs(x) / (GAP / 2)) ** 2
        geometry.box("Bar", (0.03, 0.03, h), (x, 0, h / 2 + 0.08), iron, bev=0.004)
        geometry.cylinder("Finial", 0.022, 0.06, (x, 0, h + 0.11), iron, verts=12, bev=0.006)
    for z in (0.2, 0.35, 1.9):
        geometry.box("Rail", (GAP / 2, 0.05, 0.04), ((x0 + x1) / 2, 0, z), iron, bev=0.005)
    geometry.box("Stile", (0.07, 0.07, 2.4), (x0, 0, 1.25), iron, bev=0.006)

# The allee: alternating large trees both sides of the drive, lantern posts between.
big, mid, alt = vegetation.tree_set(dark=(0.03, 0.06, 0.018), warm=(0.05, 0.075, 0.02))
for i in range(12):
    y = 8 + i * 11
    for sx in (-1, 1):
        vegetation.instance(big if (i + (sx > 0)) % 2 else alt, (sx * 6.5, y + sx * 2, 0), rot_z=i * 1.7 + sx,
                            scale=1.15 + 0.1 * math.sin(i * 2.3 + sx))
for i in range(6):
    y = 14 + i * 22
    for sx in (-1, 1):
        geometry.box("Post", (0.2, 0.2, 1.1), (sx * 4.2, y, 0.55), stone, bev=0.01)
        lantern(sx * 4.2, y, 1.1, 0.22)
vegetation.woodland([mid, alt], 50, (-70, 70), (0, 160), lambda x, y: 0.0,
                    keep_out=lambda x, y: abs(x) < 12, seed=21, scale=(1.0, 1.5))

box_leaf = vegetation.leaf_card("BoxLeaf", size=0.05,
                                mat=materials.mat_leaf("Boxwood", color=(0.03, 0.07, 0.02), translucency=0.3))
for sx in (-1, 1):
    vegetation.hedge("Hedge", (sx * 5.0, 1.5, 0), (sx * 5.0, 140, 0), 0.9, 1.0, box_leaf, density=300, seed=30 + sx)
    for j in range(4):
        vegetation.shrub("Ball", (sx * (5.3 + j * 1.3), -3.0 - j * 0.9, 0.4), 0.55, box_leaf, density=800,
                         seed=40 + j + sx)

# Sun just down behind the trees on the left; warm glow in the sky down the drive.
lighting.sky(1.0, 330, strength=0.45, sun_strength=0.8, sun_color=lighting.kelvin(2400), sun_angle=1.5,
             air=1.0, dust=1.5, ozone=2.5)

render_setup.camera((0.5, -11.0, 1.5), (0.0, 30.0, 2.6), lens=35, fstop=4.0, focus=11)
render_setup.render(args)
