"""The hero scene: the model residence across its reflecting pool at the
golden/blue-hour turn. Shared by hero.py (16:9, desktop) and hero-portrait.py
(9:16, phones) so the two crops can never drift apart in light or planting;
each script adds only its own frame and camera.
"""
import random

import estate
import geometry
import lighting
import materials
import render_setup
import vegetation

HOUSE = (0.0, 40.0, 1.4)


def ground_h(x, y):
    # Flat lawn around the pool, a soft bank up to the house terrace, then the
    # hillside climbing away behind the house.
    if y < 30:
        base = 0.0
    elif y < 35:
        t = (y - 30) / 5
        base = 0.8 * (3 * t * t - 2 * t ** 3)
    elif y < 52:
        base = 0.8
    else:
        base = 0.8 + (y - 52) * 0.2 + max(0, y - 90) * 0.15
    if abs(x) < 8.6 and 0.4 < y < 27.6:
        return -0.15  # under the pool: keep the lawn from poking through the water
    wob = geometry.fbm(x, y, 0.03, 3) * (0.05 if y < 30 else min(2.5, 0.05 + max(0, y - 45) * 0.05))
    return base + wob


def build(args, samples=96):
    """Everything but the camera: render settings, ground, house, pool, planting, light."""
    render_setup.setup_render(args, samples=samples, exposure=0.55, clamp_indirect=8)
    rnd = random.Random(11)

    lawn = materials.mat_grass_ground("Lawn", color=(0.045, 0.085, 0.025))
    geometry.terrain("Ground", (260, 72), (130, 72), ground_h, loc=(0, 16, 0), mat=lawn)
    # Unmown meadow under the hillside trees: darker and browner than the lawn.
    meadow = materials.mat_grass_ground("Meadow", color=(0.03, 0.042, 0.018), scale=2.0)
    geometry.terrain("Hill", (260, 180), (104, 72), ground_h, loc=(0, 142, 0), mat=meadow)
    # Distant ridge: reads as forest canopy at this range, so a bumpy dark material suffices.
    forest = materials.mat_grass_ground("ForestCanopy", color=(0.02, 0.035, 0.015), scale=6.0)
    geometry.terrain("Ridge", (900, 300), (90, 30),
                     lambda x, y: 22 + 35 * geometry.fbm(x, y, 0.004, 4, 3.0) + 0.06 * (y - 200),
                     loc=(0, 380, 0), mat=forest)

    estate.build(HOUSE, lights=0.45)

    # Reflecting pool on the axis of the house.
    trav = materials.mat_paving("Coping", color=(0.66, 0.60, 0.50), tile=(1.0, 0.5))
    water = materials.mat_mirror_water("Reflecting", tint=(0.012, 0.014, 0.014), ripple=0.025)
    px0, px1, py0, py1 = -8.0, 8.0, 1.0, 27.0
    geometry.box("Water", (px1 - px0, py1 - py0, 0.2), (0, (py0 + py1) / 2, -0.08), water, bev=0)
    for (sx, sy, cx, cy) in [((px1 - px0) + 1.0, 0.5, 0, py0 - 0.25), ((px1 - px0) + 1.0, 0.5, 0, py1 + 0.25),
                             (0.5, py1 - py0, px0 - 0.25, (py0 + py1) / 2), (0.5, py1 - py0, px1 + 0.25, (py0 + py1) / 2)]:
        geometry.box("Coping", (sx, sy, 0.12), (cx, cy, 0.06), trav, bev=0.015)

    # Vegetation -------------------------------------------------------------------
    big, mid, alt = vegetation.tree_set()

    # Mature framing trees, pushed to the frame edges.
    vegetation.instance(big, (-13.0, 7.0, ground_h(-13.0, 7)), rot_z=0.6, scale=1.45)
    vegetation.instance(big, (14.0, 10.0, ground_h(14.0, 10)), rot_z=2.5, scale=1.35)
    vegetation.instance(mid, (-20, 20, ground_h(-20, 20)), rot_z=1.2, scale=1.0)
    vegetation.instance(mid, (22, 24, ground_h(22, 24)), rot_z=4.0, scale=1.1)

    # Wooded hillside behind the house: the dark band under the headline.
    vegetation.woodland([mid, alt, alt], 90, (-100, 100), (56, 150), ground_h,
                        keep_out=lambda x, y: abs(x) < 30 and y < 62)
    for x in (-34, -29, 31, 36):
        y = 42 + rnd.uniform(-4, 6)
        vegetation.instance(alt, (x, y, ground_h(x, y)), rot_z=rnd.uniform(0, 6.28), scale=rnd.uniform(0.8, 1.1))

    # Clipped boxwood at the foot of the terrace and at the pool corners.
    box_leaf = vegetation.leaf_card("BoxLeaf", size=0.05,
                                    mat=materials.mat_leaf("Boxwood", color=(0.03, 0.07, 0.02), translucency=0.2))
    for x in [-20, -16, -12, 12, 16, 20]:
        vegetation.shrub("Box", (x, 30.6, 0.35), 0.75, box_leaf, density=700, seed=x + 50)
    vegetation.hedge("Hedge", (-23, 33.2, 0.75), (23, 33.2, 0.75), 0.7, 0.8, box_leaf, density=500, seed=2)
    for (x, y) in [(-9.4, 0.0), (9.4, 0.0), (-9.4, 28.0), (9.4, 28.0)]:
        vegetation.shrub("Ball", (x, y, 0.3), 0.45, box_leaf, density=900, seed=int(x * 3 + y))

    # Close lawn gets real blades; beyond ~15 m the lawn shader carries it.
    # Three patches wrap around the pool so no blades grow through the water.
    for i, (size, loc) in enumerate([((13.5, 14), (-15.25, 3)), ((13.5, 14), (15.25, 3)), ((17, 4.2), (0, -2.3))]):
        patch = geometry.terrain("LawnPatch", size, (int(size[0] * 2), int(size[1] * 2)),
                                 lambda x, y: ground_h(x, y) + 0.003, loc=(*loc, 0), mat=lawn)
        vegetation.grass(patch, int(size[0] * size[1] * 100), length=0.07, color=(0.045, 0.09, 0.025), children=4,
                         seed=1 + i)

    # Light ------------------------------------------------------------------------
    # Sun a hair above the western horizon, behind the camera's left shoulder: a last
    # warm graze on the stone while the northern sky over the ridge goes blue.
    lighting.sky(0.4, 235, strength=0.3, sun_strength=0.9, sun_color=lighting.kelvin(2300), sun_angle=1.0,
                 air=1.2, dust=1.5, ozone=3.0)
