"""Furniture and glazing pieces shared by the two interior scenes (design, clubhouse).

Pieces are modelled from bevelled boxes and cylinders at real dimensions; soft
pieces get large multi-segment bevels so cushions read as upholstered, not boxy.
"""
import math

import geometry


def _place(parts, m):
    # Parts were laid out around the piece's own origin; move them as one.
    from mathutils import Matrix
    for p in parts:
        local = Matrix.LocRotScale(p.location, p.rotation_euler, p.scale)
        p.matrix_world = m @ local


def sofa(x, y, rot, fabric, base_mat, length=2.8, depth=1.0):
    """Low modern sofa; (x, y) is the front-centre of the seat, rot turns it about z."""
    from mathutils import Matrix, Vector
    parts = []
    seat_h, arm_w = 0.42, 0.22
    parts.append(geometry.box("SofaPlinth", (length, depth - 0.1, 0.1), (0, depth / 2, 0.06), base_mat, bev=0.01))
    n = 3 if length > 2.2 else 2
    cw = (length - 2 * arm_w) / n
    for i in range(n):
        cx = -length / 2 + arm_w + cw * (i + 0.5)
        parts.append(geometry.box("Seat", (cw - 0.01, depth - 0.25, 0.2), (cx, depth / 2 - 0.08, 0.22), fabric,
                                  bev=0.06, segments=4))
        parts.append(geometry.box("BackCushion", (cw - 0.02, 0.22, 0.42), (cx, depth - 0.26, 0.52), fabric,
                                  bev=0.08, segments=4))
    parts.append(geometry.box("Back", (length, 0.18, 0.62), (0, depth - 0.1, 0.41), fabric, bev=0.05, segments=3))
    for sx in (-1, 1):
        parts.append(geometry.box("Arm", (arm_w, depth, 0.58), (sx * (length / 2 - arm_w / 2), depth / 2, 0.39), fabric,
                                  bev=0.06, segments=3))
    m = Matrix.Translation(Vector((x, y, 0))) @ Matrix.Rotation(rot, 4, "Z")
    _place(parts, m)
    return parts


def lounge_chair(x, y, rot, fabric, frame):
    from mathutils import Matrix, Vector
    parts = [
        geometry.box("ChairSeat", (0.8, 0.75, 0.16), (0, 0.38, 0.34), fabric, bev=0.06, segments=4),
        geometry.box("ChairBack", (0.8, 0.18, 0.5), (0, 0.72, 0.62), fabric, bev=0.07, segments=4),
    ]
    for sx in (-1, 1):
        parts.append(geometry.box("ChairArm", (0.06, 0.8, 0.55), (sx * 0.43, 0.4, 0.3), frame, bev=0.02))
    parts[1].rotation_euler = (math.radians(-12), 0, 0)
    m = Matrix.Translation(Vector((x, y, 0))) @ Matrix.Rotation(rot, 4, "Z")
    _place(parts, m)
    return parts


def coffee_table(x, y, top_mat, base_mat, size=(1.4, 0.8), h=0.36):
    geometry.box("TableTop", (size[0], size[1], 0.05), (x, y, h - 0.025), top_mat, bev=0.01)
    geometry.box("TableBase", (size[0] * 0.7, size[1] * 0.55, h - 0.05), (x, y, (h - 0.05) / 2), base_mat, bev=0.008)


def rug(x, y, size, mat, rot=0.0):
    return geometry.box("Rug", (size[0], size[1], 0.015), (x, y, 0.0075), mat, bev=0.005, rot=(0, 0, rot))


def vase(x, y, z, mat, r=0.12, h=0.35):
    return geometry.cylinder("Vase", r, h, (x, y, z + h / 2), mat, verts=40, bev=0.02)


def pendant(x, y, z, drop, shade_mat, cord_mat, r=0.22):
    """Drum pendant: visible glow from a camera-only emitter, plus one real lamp."""
    geometry.cylinder("Cord", 0.004, drop, (x, y, z - drop / 2), cord_mat, verts=8, bev=0)
    geometry.cylinder("Shade", r, 0.28, (x, y, z - drop - 0.14), shade_mat, verts=48, bev=0.005)


def window_wall(x0, x1, y, z0, z1, glass, frame, bay=1.8, axis="x", transom=None):
    """Floor-to-ceiling curtain wall along x (at given y) or along y (at given x)."""
    w, h = abs(x1 - x0), z1 - z0
    mid = (x0 + x1) / 2
    n = max(1, int(round(w / bay)))
    if axis == "x":
        geometry.plane("Glass", (w, h), (mid, y, z0 + h / 2), glass, rot=(math.pi / 2, 0, 0))
        for i in range(n + 1):
            geometry.box("Mullion", (0.06, 0.16, h), (x0 + (x1 - x0) * i / n, y, z0 + h / 2), frame, bev=0.006)
        for z in [z0 + 0.03, z1 - 0.03] + ([transom] if transom else []):
            geometry.box("Transom", (w, 0.16, 0.06), (mid, y, z), frame, bev=0.006)
    else:
        geometry.plane("Glass", (w, h), (y, mid, z0 + h / 2), glass, rot=(math.pi / 2, 0, math.pi / 2))
        for i in range(n + 1):
            geometry.box("Mullion", (0.16, 0.06, h), (y, x0 + (x1 - x0) * i / n, z0 + h / 2), frame, bev=0.006)
        for z in [z0 + 0.03, z1 - 0.03] + ([transom] if transom else []):
            geometry.box("Transom", (0.16, w, 0.06), (y, mid, z), frame, bev=0.006)
