"""Helpers for building shader node trees, shared by every material recipe."""
import functools

import bpy


class Nodes:
    """Tiny wrapper so material recipes read like signal flow, not boilerplate."""

    def __init__(self, tree, material=None):
        self.t = tree
        self.material = material

    def __call__(self, kind, *inputs, **kw):
        n = self.t.nodes.new(kind)
        for k, v in kw.items():
            if k.startswith("i_"):
                self.set(n.inputs[k[2:].replace("_", " ")], v)
            else:
                setattr(n, k, v)
        for i, v in enumerate(inputs):
            if v is not None:
                self.set(n.inputs[i], v)
        return n

    def set(self, sock, v):
        if isinstance(v, bpy.types.Node):
            v = v.outputs[0]
        if isinstance(v, bpy.types.NodeSocket):
            self.t.links.new(v, sock)
        else:
            if isinstance(v, (tuple, list)) and len(v) == 3 and sock.type == "RGBA":
                v = (*v, 1.0)
            sock.default_value = v

    def math(self, op, a, b=0.0, clamp=False):
        return self("ShaderNodeMath", a, b, operation=op, use_clamp=clamp)

    def vmath(self, op, a, b=(0, 0, 0)):
        return self("ShaderNodeVectorMath", a, b, operation=op)

    def mix(self, fac, a, b, blend="MIX"):
        return self("ShaderNodeMixRGB", fac, a, b, blend_type=blend)

    def ramp(self, fac, stops):
        n = self("ShaderNodeValToRGB", fac)
        el = n.color_ramp.elements
        while len(el) < len(stops):
            el.new(0.5)
        for e, (pos, col) in zip(el, stops):
            e.position = pos
            e.color = (*col, 1) if len(col) == 3 else col
        return n

    def noise(self, vec, scale, detail=6, rough=0.5, distortion=0.0, out="Fac"):
        n = self("ShaderNodeTexNoise", vec, i_Scale=scale, i_Detail=detail,
                 i_Roughness=rough, i_Distortion=distortion)
        return n.outputs[out]


def new_material(name):
    m = bpy.data.materials.get(name)
    if m:
        return m, None
    m = bpy.data.materials.new(name)
    m.use_nodes = True
    m.node_tree.nodes.clear()
    return m, Nodes(m.node_tree, m)


def recipe(default_name=None):
    """Turns a recipe `build(nb, *options)`, which lays out a material's nodes and returns its
    surface shader, into `make(name=default_name, *options)`: the material of that name.

    A name already made is handed back as it is, so scenes that ask twice share one material.
    """
    def wrap(build):
        @functools.wraps(build)
        def make(name=default_name, *args, **kwargs):
            m, nb = new_material(name)
            if nb is not None:
                finish(nb, build(nb, *args, **kwargs))
            return m
        return make
    return wrap


def finish(nb, shader):
    out = nb("ShaderNodeOutputMaterial")
    nb.set(out.inputs["Surface"], shader)
    return out


def principled(nb, base, rough=0.5, metallic=0.0, spec=0.5, normal=None, **kw):
    p = nb("ShaderNodeBsdfPrincipled")
    nb.set(p.inputs["Base Color"], base)
    nb.set(p.inputs["Roughness"], rough)
    nb.set(p.inputs["Metallic"], metallic)
    nb.set(p.inputs["Specular"], spec)
    if normal is not None:
        nb.set(p.inputs["Normal"], normal)
    for k, v in kw.items():
        nb.set(p.inputs[k.replace("_", " ")], v)
    return p


def bump(nb, height, strength=0.3, distance=0.01, normal=None):
    b = nb("ShaderNodeBump", i_Strength=strength, i_Distance=distance)
    nb.set(b.inputs["Height"], height)
    if normal is not None:
        nb.set(b.inputs["Normal"], normal)
    return b


def planar_coords(nb, scale=1.0):
    """Object-space coordinates folded onto the dominant face plane.

    Procedural 2D patterns (brick courses, tile grids, wood planks) must run
    horizontally on walls of any orientation; choosing the pair of axes by the face
    normal gives that without UV unwrapping.
    """
    tc = nb("ShaderNodeTexCoord")
    geo = nb("ShaderNodeNewGeometry")
    obj = tc.outputs["Object"]
    sep = nb("ShaderNodeSeparateXYZ", obj)
    # Normal in object space (boxes are built axis-aligned in object space).
    nrm = nb("ShaderNodeVectorTransform", geo.outputs["Normal"], vector_type="NORMAL",
             convert_from="WORLD", convert_to="OBJECT")
    ns = nb("ShaderNodeSeparateXYZ", nrm)
    ax = nb.math("ABSOLUTE", ns.outputs[0])
    ay = nb.math("ABSOLUTE", ns.outputs[1])
    az = nb.math("ABSOLUTE", ns.outputs[2])
    xz = nb("ShaderNodeCombineXYZ", sep.outputs[0], sep.outputs[2], sep.outputs[1])
    yz = nb("ShaderNodeCombineXYZ", sep.outputs[1], sep.outputs[2], sep.outputs[0])
    xy = nb("ShaderNodeCombineXYZ", sep.outputs[0], sep.outputs[1], sep.outputs[2])
    use_yz = nb.math("GREATER_THAN", ax, ay)
    use_xy = nb.math("GREATER_THAN", az, 0.7)
    m1 = nb("ShaderNodeMix", data_type="VECTOR")
    nb.set(m1.inputs[0], use_yz)
    nb.set(m1.inputs[4], xz.outputs[0])
    nb.set(m1.inputs[5], yz.outputs[0])
    m2 = nb("ShaderNodeMix", data_type="VECTOR")
    nb.set(m2.inputs[0], use_xy)
    nb.set(m2.inputs[4], m1.outputs[1])
    nb.set(m2.inputs[5], xy.outputs[0])
    if scale != 1.0:
        return nb("ShaderNodeVectorMath", m2.outputs[1], operation="SCALE", i_Scale=scale).outputs[0]
    return m2.outputs[1]


def obj_coords(nb):
    return nb("ShaderNodeTexCoord").outputs["Object"]


def rough_var(nb, vec, lo, hi, scale=3.0):
    """Roughness that wanders between lo and hi: real surfaces are never uniform."""
    f = nb.noise(vec, scale, detail=4)
    return nb("ShaderNodeMapRange", f, 0.3, 0.7, lo, hi).outputs[0]


def camera_only(nb):
    """1 for camera rays and mirror-sharp reflections, 0 for every other ray.

    Small emitters (fixtures, flames, a glowing firebox) multiply their strength by this:
    they glow where seen directly and in the pool or glass, but throw no diffuse light,
    which would turn into fireflies; real lamps do the lighting. Singular rays only,
    because rough glossy reflections of a small emitter would sparkle.
    """
    lp = nb("ShaderNodeLightPath")
    return nb.math("ADD", lp.outputs["Is Camera Ray"], lp.outputs["Is Singular Ray"], clamp=True)


def no_light_sampling(m):
    """Keep a small visible glow out of Cycles' light sampling, where it would compete
    with the real lamps for samples."""
    try:
        m.cycles.sample_as_light = False
    except AttributeError:
        pass
