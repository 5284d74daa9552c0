"""Slide 1: the residence's facade in three-quarter view, deep in blue hour.

Shown under a ~60% black overlay, so the picture is built from big, simple masses:
glowing glass, the pale stone core, a dark blue sky and black-green trees.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import estate  # noqa: E402
import geometry  # noqa: E402
import lighting  # noqa: E402
import materials  # noqa: E402
import render_setup  # noqa: E402
import vegetation  # noqa: E402

args = render_setup.start()
render_setup.setup_render(args, samples=48, exposure=0.9, clamp_indirect=3)


def ground_h(x, y):
    base = 0.0 if y < 14 else (y - 14) * 0.12
    return base + geometry.fbm(x, y, 0.04, 3) * (0.04 if y < 14 else 0.8)


lawn = materials.mat_grass_ground("Lawn", color=(0.04, 0.08, 0.022))
geometry.terrain("Ground", (220, 200), (110, 100), ground_h, loc=(0, 60, 0), mat=lawn)
estate.build((0, 0, 0.6), lights=0.55)

# Gravel walk and a stepping line of travertine pavers leading the eye to the door.
gravel = materials.mat_gravel("Gravel", color=(0.5, 0.46, 0.4))
geometry.box("Walk", (4.0, 22, 0.06), (-3.0, -20.0, 0.02), gravel, bev=0.01)
pav = materials.mat_paving("Pavers", color=(0.64, 0.58, 0.48), tile=(1.2, 0.6))
for i in range(10):
    geometry.box("Paver", (1.8, 0.9, 0.08), (-3.0, -28.0 + i * 1.9, 0.04), pav, bev=0.012)

big, mid, alt = vegetation.tree_set()
vegetation.instance(big, (-22, 6, 0), rot_z=1.0, scale=1.2)
vegetation.instance(mid, (26, 4, 0), rot_z=2.0, scale=1.2)
vegetation.instance(alt, (-30, -8, 0), rot_z=3.0, scale=1.1)
vegetation.woodland([mid, alt, alt, big], 60, (-90, 90), (16, 110), ground_h,
                    keep_out=lambda x, y: abs(x) < 26 and y < 20, seed=8)

box_leaf = vegetation.leaf_card("BoxLeaf", size=0.05,
                                mat=materials.mat_leaf("Boxwood", color=(0.03, 0.07, 0.02), translucency=0.2))
for x in (-19, -15, -11, -7, 7, 11, 15, 19):
    vegetation.shrub("Box", (x, -9.3, 0.3), 0.6, box_leaf, density=700, seed=x + 90)
vegetation.hedge("Hedge", (-24, -12.5, 0.0), (-6, -12.5, 0.0), 0.8, 0.9, box_leaf, density=450, seed=4)

# Sun well below the horizon: only the Nishita afterglow and the house's own light.
lighting.sky(-2.0, 250, strength=0.8, sun_strength=0.0, ozone=2.0, dust=0.5, tint=(0.6, 0.8, 1.0))
# Faint cool fill standing in for the bright western sky behind the camera.
lighting.area_light((-30, -60, 20), (0, 0, 2), size=(40, 20), energy=4500, color=(0.55, 0.65, 1.0))

render_setup.camera((-17.0, -27.5, 1.35), (2.0, 2.0, 3.9), lens=35, fstop=4, focus=32)
render_setup.render(args)
