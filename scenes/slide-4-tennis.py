"""Slide 4: championship clay courts in early-morning light.

Low sun from the left rakes across the clay so the net, posts and fence throw long
shadows; the surround is a dark green windscreen, clipped hedge and mature trees.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geometry  # noqa: E402
import lighting  # noqa: E402
import materials  # noqa: E402
import nodes  # noqa: E402
import render_setup  # noqa: E402
import vegetation  # noqa: E402

args = render_setup.start()
render_setup.setup_render(args, samples=48, exposure=-0.2, clamp_indirect=6)


@nodes.recipe("Clay")
def mat_clay(nb):
    v = nodes.obj_coords(nb)
    # Drag-mat brushing leaves faint parallel streaks along the court's length.
    streak = nb("ShaderNodeVectorMath", v, (6.0, 0.15, 1.0), operation="MULTIPLY")
    s = nb.noise(streak, 3.0, detail=3)
    n = nb.noise(v, 0.6, detail=6, rough=0.6)
    g = nb.noise(v, 200.0, detail=2)
    base = nb.ramp(n, [(0.3, (0.30, 0.085, 0.035)), (0.7, (0.42, 0.14, 0.06))])
    col = nb.mix(0.25, base, s, blend="OVERLAY")
    col = nb.mix(0.2, col, g, blend="OVERLAY")
    b = nodes.bump(nb, nb.math("ADD", g, nb.math("MULTIPLY", s, 0.3)), strength=0.25, distance=0.003)
    return nodes.principled(nb, col, rough=0.92, spec=0.3, normal=b)


@nodes.recipe("LinePaint")
def mat_line(nb):
    v = nodes.obj_coords(nb)
    dust = nb.noise(v, 8.0, detail=5)
    col = nb.mix(nb.math("MULTIPLY", dust, 0.35), (0.85, 0.84, 0.8), (0.5, 0.22, 0.12))
    return nodes.principled(nb, col, rough=0.7)


@nodes.recipe()
def mat_mesh(nb, color, pitch, wire, alpha_bg=True):
    """Netting / chain-link: a thin grid mask over a transparent surface."""
    v = nodes.obj_coords(nb)
    sep = nb("ShaderNodeSeparateXYZ", v)
    # Planes are built flat (local x-y) and stood up, so the grid lives in local x-y.
    a = nb.math("PINGPONG", sep.outputs[0], pitch / 2)
    b = nb.math("PINGPONG", sep.outputs[1], pitch / 2)
    line = nb.math("MAXIMUM", nb.math("LESS_THAN", a, wire), nb.math("LESS_THAN", b, wire))
    p = nodes.principled(nb, color, rough=0.6)
    tr = nb("ShaderNodeBsdfTransparent")
    nb.material.blend_method = "BLEND"
    return nb("ShaderNodeMixShader", line, tr, p)


clay = mat_clay()
line = mat_line()
green_metal = materials.mat_metal("PostGreen", color=(0.02, 0.05, 0.035), rough=0.45, metallic=0.7)
screen = materials.mat_fabric("Windscreen", color=(0.02, 0.05, 0.035))
net = mat_mesh("Net", (0.03, 0.03, 0.03), 0.045, 0.0035)
chain = mat_mesh("ChainLink", (0.02, 0.04, 0.03), 0.05, 0.0022)
tape = materials.mat_diffuse("NetBand", (0.8, 0.8, 0.78), rough=0.6)
lawn = materials.mat_grass_ground("Lawn", color=(0.05, 0.1, 0.025))

# Two courts side by side, each 36.6 x 18.3 m with run-off, long axis along y.
COURTS = (0.0, 18.3)
geometry.box("ClaySurface", (18.3 * 2, 36.6, 0.1), (9.15, 0, -0.05), clay, bev=0)
geometry.terrain("Ground", (300, 300), (60, 60),
                 lambda x, y: -0.06 + 0.3 * geometry.fbm(x, y, 0.02, 2) * (abs(x - 9) > 22 or abs(y) > 22),
                 loc=(9, 0, 0), mat=lawn)


def court(cx):
    L, W, S = 23.77, 10.97, 8.23
    w = 0.05
    def ln(sx, sy, x, y):
        geometry.box("Line", (sx, sy, 0.004), (cx + x, y, 0.002), line, bev=0)
    for y in (-L / 2, L / 2):
        ln(W + w, 0.1, 0, y)                      # baselines
    for x in (-W / 2, W / 2, -S / 2, S / 2):
        ln(w, L, x, 0)                            # side lines
    for y in (-6.4, 6.4):
        ln(S, w, 0, y)                            # service lines
    ln(w, 12.8, 0, 0)                             # centre service line
    for y in (-L / 2 + 0.1, L / 2 - 0.1):
        ln(w, 0.1, 0, y)                          # centre marks
    # Net: posts 0.914 m outside the doubles lines, 1.07 m at the posts, 0.914 m centre.
    for x in (-W / 2 - 0.914, W / 2 + 0.914):
        geometry.cylinder("NetPost", 0.04, 1.07, (cx + x, 0, 0.535), green_metal, verts=16, bev=0.005)
    nw = W + 2 * 0.914
    geometry.plane("Net", (nw, 0.98), (cx, 0, 0.5), net, rot=(math.pi / 2, 0, 0))
    geometry.box("NetBand", (nw, 0.02, 0.06), (cx, 0, 1.0), tape, bev=0.005)
    geometry.box("Strap", (0.05, 0.021, 0.92), (cx, 0, 0.46), tape, bev=0.0)


for cx in COURTS:
    court(cx)
# Perimeter fence: posts, chain-link, and dark windscreen on the lower 2.4 m.
FX0, FX1, FY0, FY1, FH = -9.15 - 0.3, 27.45 + 0.3, -18.6, 18.6, 3.6
for (a, b) in [((FX0, FY1), (FX1, FY1)), ((FX0, FY0), (FX0, FY1)), ((FX1, FY0), (FX1, FY1))]:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ang = math.atan2(by - ay, bx - ax)
    n = int(length / 3.0)
    for i in range(n + 1):
        t = i / n
        geometry.cylinder("FencePost", 0.038, FH, (ax + (bx - ax) * t, ay + (by - ay) * t, FH / 2), green_metal,
                          verts=12, bev=0.004)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    geometry.plane("Screen", (length, 2.4), (mx, my, 1.2), screen, rot=(math.pi / 2, 0, ang))
    geometry.plane("Chain", (length, FH - 2.4), (mx, my, 2.4 + (FH - 2.4) / 2), chain, rot=(math.pi / 2, 0, ang))
    geometry.box("TopRail", (length, 0.05, 0.05), (mx, my, FH), green_metal, bev=0.01, rot=(0, 0, ang))
# A bench and a small shade pavilion on the far side: scale and a hint of the club.
teak = materials.mat_wood("Teak", dark=(0.12, 0.06, 0.025), light=(0.3, 0.16, 0.07), plank=(2.0, 0.08))
stone = materials.mat_stone("Limestone", color=(0.72, 0.62, 0.48))
geometry.box("Bench", (2.0, 0.45, 0.06), (9.15, 17.6, 0.45), teak, bev=0.01)
for dx in (-0.8, 0.8):
    geometry.box("BenchLeg", (0.08, 0.4, 0.42), (9.15 + dx, 17.6, 0.21), stone, bev=0.01)

# Landscaping outside the fence.
big, mid, alt = vegetation.tree_set()
box_leaf = vegetation.leaf_card("BoxLeaf", size=0.05,
                                mat=materials.mat_leaf("Boxwood", color=(0.03, 0.07, 0.02), translucency=0.3))
vegetation.hedge("HedgeN", (FX0 - 2, FY1 + 1.5, 0), (FX1 + 2, FY1 + 1.5, 0), 2.2, 1.2, box_leaf, density=350, seed=5)
vegetation.hedge("HedgeW", (FX0 - 1.5, FY0, 0), (FX0 - 1.5, FY1, 0), 1.6, 1.0, box_leaf, density=350, seed=6)
vegetation.woodland([big, mid, alt], 45, (-60, 80), (22, 70), lambda x, y: 0.0, seed=12, scale=(1.0, 1.6))
vegetation.woodland([mid, alt], 25, (-80, -30), (-40, 22), lambda x, y: 0.0, seed=13, scale=(1.0, 1.5))

# Morning: sun 18 degrees up, behind the camera's right shoulder over the open side of
# the courts (trees on the far side would shade it), so the net and posts lay long
# shadows away from us across the clay.
lighting.sky(18, 150, strength=0.3, sun_strength=4.0, sun_color=lighting.kelvin(4200), sun_angle=0.6,
             air=1.0, dust=1.5, ozone=2.0)

render_setup.camera((-6.5, -21.0, 2.6), (6.0, 6.0, 0.4), lens=35, fstop=8, focus=20)
render_setup.render(args)
