"""Planting: Sapling trees as collection instances, leaf-card shrubs and hedges, and
hair-particle grass."""
import math
import os
import random

import bmesh
import bpy
from mathutils import Vector, noise

import geometry
import materials
import nodes


def hidden_collection(name):
    """A collection kept out of the render; its contents are shown through instances."""
    c = bpy.data.collections.new(name)
    bpy.context.scene.collection.children.link(c)
    bpy.context.view_layer.layer_collection.children[name].exclude = True
    return c


_TREE_PRESETS = {}


def _load_preset(name):
    import addon_utils
    addon_utils.enable("add_curve_sapling", default_set=True)
    if name not in _TREE_PRESETS:
        path = os.path.join(os.path.dirname(addon_utils.paths()[0]), "addons", "add_curve_sapling",
                            "presets", name + ".py")
        if not os.path.exists(path):
            for p in addon_utils.paths():
                cand = os.path.join(p, "add_curve_sapling", "presets", name + ".py")
                if os.path.exists(cand):
                    path = cand
        with open(path) as f:
            src = "\n".join(l for l in f.read().splitlines() if not l.startswith("#"))
        _TREE_PRESETS[name] = eval(src)
    return dict(_TREE_PRESETS[name])


def tree_template(name, preset="small_maple", seed=1, scale=None, leaves=None, leaf_scale=None,
                  leaf_mat=None, bark_mat=None, overrides=None):
    """Grow a tree with the bundled Sapling add-on into a hidden collection.

    Returns the collection; place copies with instance(), which shares geometry so a
    treeline of dozens of trees costs the memory of a few.
    """
    params = _load_preset(preset)
    props = bpy.ops.curve.tree_add.get_rna_type().properties.keys()
    params = {k: v for k, v in params.items() if k in props}
    params.update(seed=seed, showLeaves=True, do_update=True, useArm=False, bevel=True)
    if scale:
        params["scale"] = scale
    if leaves:
        params["leaves"] = leaves
    if leaf_scale:
        params["leafScale"] = leaf_scale
    if overrides:
        params.update(overrides)
    before = set(bpy.data.objects)
    bpy.ops.curve.tree_add(**params)
    new = [o for o in bpy.data.objects if o not in before]
    coll = hidden_collection(name)
    for o in new:
        for c in o.users_collection:
            c.objects.unlink(o)
        coll.objects.link(o)
        if o.type == "CURVE":
            o.data.materials.clear()
            o.data.materials.append(bark_mat or materials.mat_bark())
            o.data.resolution_u = 3
        elif o.type == "MESH":
            o.data.materials.clear()
            o.data.materials.append(leaf_mat or materials.mat_leaf())
    return coll


def instance(coll, loc, rot_z=0.0, scale=1.0, name="Inst"):
    e = bpy.data.objects.new(name, None)
    e.instance_type = "COLLECTION"
    e.instance_collection = coll
    e.location = loc
    e.rotation_euler = (0, 0, rot_z)
    e.scale = (scale, scale, scale)
    geometry.link(e)
    return e


def leaf_card(name="LeafCard", size=0.06, mat=None):
    """A single bent leaf used as a particle instance for shrubs and hedges."""
    me = bpy.data.meshes.new(name)
    s = size
    me.from_pydata([(0, -s * 0.5, 0), (s * 0.35, 0, s * 0.05), (0, s * 0.5, 0), (-s * 0.35, 0, s * 0.05)],
                   [], [(0, 1, 2, 3)])
    ob = bpy.data.objects.new(name, me)
    geometry.assign(ob, mat or materials.mat_leaf())
    return ob


_LEAF_HOLDER = None


def hair_particles(obj, name, seed, advanced):
    """A seeded hair particle system on obj: the system and its settings."""
    ps = obj.modifiers.new(name, "PARTICLE_SYSTEM").particle_system
    ps.seed = seed
    st = ps.settings
    st.type = "HAIR"
    st.use_advanced_hair = advanced
    return ps, st


def foliage_on(emitter, count, leaf_obj, size=1.0, size_rand=0.5, from_="FACE", seed=0):
    """Cover an emitter mesh with leaf instances (hair particles rendered as objects)."""
    global _LEAF_HOLDER
    if leaf_obj.name not in bpy.context.scene.objects:
        if _LEAF_HOLDER is None:
            _LEAF_HOLDER = hidden_collection("LeafTemplates")
        _LEAF_HOLDER.objects.link(leaf_obj)
    ps, st = hair_particles(emitter, "Leaves", seed, advanced=True)
    st.hair_length = 0.1
    st.count = count
    st.emit_from = from_
    st.use_emit_random = True
    st.distribution = "RAND"
    st.render_type = "OBJECT"
    st.instance_object = leaf_obj
    st.particle_size = size
    st.size_random = size_rand
    st.use_rotations = True
    st.rotation_mode = "NOR"
    st.rotation_factor_random = 0.6
    st.phase_factor_random = 2.0
    emitter.show_instancer_for_render = False
    emitter.show_instancer_for_viewport = False
    return ps


def blob(name, loc, radius, squash=(1, 1, 0.8), seed=0, subdiv=3, rough=0.25, mat=None, coll=None):
    """Lumpy ico-sphere: the volume shrubs and hedges grow their leaves on."""
    me = bpy.data.meshes.new(name)
    bm = bmesh.new()
    bmesh.ops.create_icosphere(bm, subdivisions=subdiv, radius=1.0)
    for v in bm.verts:
        n = noise.noise(v.co * 1.7 + Vector((seed, seed * 2.1, seed * 0.3)))
        v.co = v.co * (1 + rough * n)
        v.co.x *= radius * squash[0]
        v.co.y *= radius * squash[1]
        v.co.z *= radius * squash[2]
    bm.to_mesh(me)
    bm.free()
    ob = geometry.link(bpy.data.objects.new(name, me), coll)
    ob.location = loc
    geometry.assign(ob, mat)
    return ob


def shrub(name, loc, radius, leaf_obj, density=900, squash=(1, 1, 0.75), seed=0, inner_mat=None, coll=None):
    """A shrub: dark inner body (reads as depth between leaves) plus leaf instances."""
    inner = blob(name + "_core", loc, radius * 0.85, squash, seed, mat=inner_mat or materials.mat_diffuse(
        "ShrubCore", (0.012, 0.025, 0.008), rough=0.9), coll=coll)
    shell = blob(name, loc, radius, squash, seed, coll=coll)
    area = 4 * math.pi * radius * radius * (squash[0] + squash[1] + squash[2]) / 3
    foliage_on(shell, int(density * area), leaf_obj, seed=seed)
    return shell


def hedge(name, start, end, height, depth, leaf_obj, density=900, seed=0, coll=None):
    s, e = Vector(start), Vector(end)
    mid = (s + e) / 2
    length = (e - s).length
    ang = math.atan2(e.y - s.y, e.x - s.x)
    core = geometry.box(name + "_core", (length, depth * 0.9, height * 0.95), (mid.x, mid.y, mid.z + height * 0.47),
                        materials.mat_diffuse("ShrubCore", (0.012, 0.025, 0.008), rough=0.9), bev=0.2,
                        rot=(0, 0, ang), coll=coll)
    shell = geometry.box(name, (length, depth, height), (mid.x, mid.y, mid.z + height / 2), None, bev=0.25,
                         rot=(0, 0, ang), coll=coll)
    bpy.context.view_layer.update()
    # Subdivide so the leaf scatter follows the rounded bevel.
    sub = shell.modifiers.new("Sub", "SUBSURF")
    sub.levels = 1
    area = 2 * (length * height + depth * height + length * depth)
    foliage_on(shell, int(density * area), leaf_obj, seed=seed)
    return shell


def grass(ground, count, length=0.09, color=(0.05, 0.1, 0.025), vgroup=None, seed=0, children=0,
          radius=0.0012):
    """Hair-particle grass; used only where the camera is close enough to see blades."""
    # Advanced mode would derive length from emit velocity; keep hair_length authoritative.
    ps, st = hair_particles(ground, "Grass", seed, advanced=False)
    st.count = count
    st.hair_length = length
    st.hair_step = 4
    st.render_step = 3
    st.display_step = 2
    st.emit_from = "FACE"
    st.use_emit_random = True
    st.distribution = "RAND"
    # hair_length is stored as the normal emit velocity, so only small random
    # velocities may be added or they would dominate the blade length.
    st.factor_random = length * 0.35
    st.brownian_factor = length * 0.1
    st.length_random = 0.5
    st.root_radius = 1.0
    st.radius_scale = radius
    st.tip_radius = 0.0
    st.use_close_tip = True
    st.child_type = "INTERPOLATED" if children else "NONE"
    if children:
        st.child_nbr = children
        st.rendered_child_count = children
        st.child_length = 1.0
        st.clump_factor = 0.0
        st.roughness_1 = 0.01
        st.roughness_endpoint = 0.03
        st.child_radius = 0.03
    st.kink = "NO"
    if vgroup:
        ps.vertex_group_density = vgroup
    mat, nb = nodes.new_material("GrassBlade%d" % seed)
    if nb:
        inf = nb("ShaderNodeHairInfo")
        oi = nb("ShaderNodeObjectInfo")
        tone = nb.math("ADD", nb.math("MULTIPLY", inf.outputs["Random"], 0.8), 0.1)
        root = tuple(c * 0.35 for c in color)
        tip = (color[0] * 1.7, color[1] * 1.35, color[2] * 0.6)
        col = nb.ramp(inf.outputs["Intercept"], [(0.0, root), (0.6, color), (1.0, tip)])
        col = nb.mix(nb.math("MULTIPLY", tone, 0.35), col, (color[0] * 1.8, color[1] * 1.3, color[2] * 0.4))
        p = nodes.principled(nb, col, rough=0.5, spec=0.4)
        tr = nb("ShaderNodeBsdfTranslucent", col)
        nodes.finish(nb, nb("ShaderNodeMixShader", 0.3, p, tr))
    ground.data.materials.append(mat)
    st.material = len(ground.data.materials)
    return ps


def tree_set(dark=(0.035, 0.07, 0.02), warm=(0.06, 0.085, 0.025)):
    """The three tree species used across the estate (shared so every scene's
    planting matches): a large aspen for framing, a maple and a smaller aspen."""
    leaf_dark = materials.mat_leaf("LeafOak", color=dark, translucency=0.3)
    leaf_warm = materials.mat_leaf("LeafMaple", color=warm, translucency=0.35)
    bark = materials.mat_bark()
    big = tree_template("TreeBig", "quaking_aspen", seed=4, scale=15, leaves=40, leaf_scale=0.3,
                        leaf_mat=leaf_warm, bark_mat=bark,
                        overrides={"branches": (0, 60, 30, 10), "baseSize": 0.25})
    mid = tree_template("TreeMid", "small_maple", seed=2, scale=10, leaves=30, leaf_scale=0.35,
                        leaf_mat=leaf_dark, bark_mat=bark)
    alt = tree_template("TreeAlt", "quaking_aspen", seed=9, scale=12, leaves=35, leaf_scale=0.3,
                        leaf_mat=leaf_dark, bark_mat=bark)
    return big, mid, alt


def woodland(templates, n, xr, yr, height_fn, keep_out=None, seed=5, scale=(0.9, 1.5)):
    """Scatter tree instances; keep_out(x, y) -> True skips a spot (views, buildings)."""
    r = random.Random(seed)
    for _ in range(n):
        x, y = r.uniform(*xr), r.uniform(*yr)
        if keep_out and keep_out(x, y):
            continue
        instance(r.choice(templates), (x, y, height_fn(x, y) - 0.3), rot_z=r.uniform(0, 6.28),
                 scale=r.uniform(*scale))
