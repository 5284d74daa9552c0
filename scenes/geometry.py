"""Mesh helpers: boxes (every one bevelled), cylinders, planes and terrain, all with
vertex coordinates in metres so object-space textures keep real-world scale."""
import math

import bmesh
import bpy
from mathutils import Vector, noise


def link(ob, coll=None):
    (coll or bpy.context.scene.collection).objects.link(ob)
    return ob


def assign(ob, mat):
    if mat is None:
        return ob
    if ob.data.materials:
        ob.data.materials[0] = mat
    else:
        ob.data.materials.append(mat)
    return ob


def bevel(ob, width=0.01, segments=2, angle=35):
    """Real objects never have razor edges; a small bevel catches the light like masonry does."""
    mod = ob.modifiers.new("Bevel", "BEVEL")
    mod.width = width
    mod.segments = segments
    mod.limit_method = "ANGLE"
    mod.angle_limit = math.radians(angle)
    mod.harden_normals = False
    return mod


def box(name, size, loc, mat=None, bev=0.01, rot=(0, 0, 0), coll=None, segments=2):
    """Axis-aligned box whose vertex coordinates are in metres (no object scale), so
    procedural textures in object space keep real-world scale."""
    me = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    for v in bm.verts:
        v.co.x *= size[0]
        v.co.y *= size[1]
        v.co.z *= size[2]
    bm.to_mesh(me)
    bm.free()
    ob = link(bpy.data.objects.new(name, me), coll)
    ob.location = loc
    ob.rotation_euler = rot
    assign(ob, mat)
    if bev:
        bevel(ob, min(bev, min(size) * 0.45), segments)
    return ob


def cylinder(name, radius, depth, loc, mat=None, verts=48, bev=0.005, rot=(0, 0, 0), coll=None):
    me = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_cone(bm, cap_ends=True, cap_tris=False, segments=verts,
                          radius1=radius, radius2=radius, depth=depth)
    bm.to_mesh(me)
    bm.free()
    for p in me.polygons:
        p.use_smooth = True
    ob = link(bpy.data.objects.new(name, me), coll)
    ob.location = loc
    ob.rotation_euler = rot
    assign(ob, mat)
    if bev:
        bevel(ob, bev, 2, angle=50)
    me.use_auto_smooth = True
    me.auto_smooth_angle = math.radians(40)
    return ob


def plane(name, size, loc, mat=None, rot=(0, 0, 0), coll=None):
    me = bpy.data.meshes.new(name)
    sx, sy = size[0] / 2, size[1] / 2
    me.from_pydata([(-sx, -sy, 0), (sx, -sy, 0), (sx, sy, 0), (-sx, sy, 0)], [], [(0, 1, 2, 3)])
    ob = link(bpy.data.objects.new(name, me), coll)
    ob.location = loc
    ob.rotation_euler = rot
    assign(ob, mat)
    return ob


def terrain(name, size, res, height_fn, loc=(0, 0, 0), mat=None, coll=None):
    """Grid mesh displaced by height_fn(x, y) in world metres."""
    me = bpy.data.meshes.new(name)
    nx, ny = res
    verts, faces = [], []
    for j in range(ny + 1):
        for i in range(nx + 1):
            x = -size[0] / 2 + size[0] * i / nx
            y = -size[1] / 2 + size[1] * j / ny
            verts.append((x, y, height_fn(x + loc[0], y + loc[1])))
    for j in range(ny):
        for i in range(nx):
            a = j * (nx + 1) + i
            faces.append((a, a + 1, a + nx + 2, a + nx + 1))
    me.from_pydata(verts, [], faces)
    for p in me.polygons:
        p.use_smooth = True
    ob = link(bpy.data.objects.new(name, me), coll)
    ob.location = loc
    assign(ob, mat)
    return ob


def fbm(x, y, scale=0.01, octaves=4, seed=0.0):
    return noise.fractal(Vector((x * scale + seed, y * scale - seed, seed * 0.37)), 0.5, 2.0, octaves,
                         noise_basis="PERLIN_ORIGINAL")
