"""Shared building blocks for the Aldercrest Estates scene scripts.

Every scene script does:  import common; args = common.start(...); build; common.render(args)
Everything here is procedural: no image textures, HDRIs or downloaded assets, so the
whole photo set can be regenerated from this folder alone.
"""
import argparse
import math
import os
import random
import sys

import bmesh
import bpy
from mathutils import Matrix, Vector, noise

# --------------------------------------------------------------------------- setup

MASTER = {"16:9": (2560, 1440), "3:2": (2400, 1600), "9:16": (1440, 2560)}


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--samples", type=int, default=None)
    # Multiplier on the master size: render.mjs renders above 1.0 and downsamples,
    # which averages away residual noise since this Blender build has no denoiser.
    p.add_argument("--scale", type=float, default=1.0)
    return p.parse_args(argv)


def start(aspect="16:9"):
    args = parse_args()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    args.aspect = aspect
    random.seed(7)
    return args


def setup_render(args, samples=128, exposure=0.0, look="Medium High Contrast",
                 clamp_indirect=6.0, bounces=(6, 2, 2, 6), threshold=0.03):
    sc = bpy.context.scene
    sc.render.engine = "CYCLES"
    cy = sc.cycles
    cy.device = "CPU"
    cy.samples = args.samples or samples
    cy.use_adaptive_sampling = True
    cy.adaptive_threshold = threshold
    cy.adaptive_min_samples = min(24, cy.samples)
    cy.use_denoising = False  # Debian's Blender is built without OpenImageDenoise
    cy.sample_clamp_direct = 0.0
    # Indirect clamping kills the fireflies that glossy/glass paths throw without a denoiser.
    cy.sample_clamp_indirect = clamp_indirect
    cy.max_bounces, cy.diffuse_bounces, cy.glossy_bounces, cy.transmission_bounces = bounces
    cy.transparent_max_bounces = 16
    cy.volume_bounces = 0
    cy.caustics_reflective = False
    cy.caustics_refractive = False
    cy.blur_glossy = 1.0
    cy.filter_width = 1.5
    cy.seed = 3
    sc.cycles_curves.shape = "RIBBONS"
    w, h = MASTER[args.aspect]
    sc.render.resolution_x = int(round(w * args.scale))
    sc.render.resolution_y = int(round(h * args.scale))
    sc.render.resolution_percentage = 100
    sc.render.film_transparent = False
    sc.view_settings.view_transform = "Filmic"
    sc.view_settings.look = look
    sc.view_settings.exposure = exposure
    sc.view_settings.gamma = 1.0
    sc.display_settings.display_device = "sRGB"
    im = sc.render.image_settings
    im.file_format = "PNG"
    im.color_mode = "RGB"
    # 16 bit keeps the dusk sky gradients free of banding until the final JPEG encode.
    im.color_depth = "16"
    im.compression = 15
    sc.render.threads_mode = "AUTO"


def render(args):
    sc = bpy.context.scene
    sc.render.filepath = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(sc.render.filepath), exist_ok=True)
    bpy.ops.render.render(write_still=True)


# --------------------------------------------------------------------------- camera

def camera(loc, target, lens=40.0, fstop=None, focus=None, shift_x=0.0, shift_y=0.0):
    cam_data = bpy.data.cameras.new("Camera")
    cam_data.lens = lens
    cam_data.sensor_width = 36.0
    cam_data.sensor_fit = "HORIZONTAL"
    cam_data.shift_x, cam_data.shift_y = shift_x, shift_y
    cam_data.clip_start, cam_data.clip_end = 0.05, 50000
    cam = bpy.data.objects.new("Camera", cam_data)
    bpy.context.scene.collection.objects.link(cam)
    cam.location = loc
    d = Vector(target) - Vector(loc)
    cam.rotation_euler = d.to_track_quat("-Z", "Y").to_euler()
    if fstop:
        cam_data.dof.use_dof = True
        cam_data.dof.aperture_fstop = fstop
        cam_data.dof.focus_distance = focus if focus else d.length
    bpy.context.scene.camera = cam
    return cam


# --------------------------------------------------------------------------- sky + sun

def sun_vector(elevation_deg, azimuth_deg):
    """Unit vector pointing *to* the sun. Azimuth 0 = +Y (north), 90 = +X (east)."""
    e, a = math.radians(elevation_deg), math.radians(azimuth_deg)
    return Vector((math.cos(e) * math.sin(a), math.cos(e) * math.cos(a), math.sin(e)))


def sky(elevation_deg, azimuth_deg, strength=1.0, sun_strength=4.0, sun_color=None,
        sun_angle=0.6, air=1.0, dust=1.0, ozone=1.0, altitude=0.0, tint=None):
    """Nishita sky for the ambient light plus a matching sun lamp.

    The sky's own sun disc is turned off: a real lamp with a small angular size gives
    clean, noise-free shadows on the CPU, whereas sampling the disc through the world
    map is noisy. The lamp shares the sky's direction so shadows match the sky glow.
    """
    world = bpy.data.worlds.new("Sky")
    bpy.context.scene.world = world
    world.use_nodes = True
    nt = world.node_tree
    nt.nodes.clear()
    sk = nt.nodes.new("ShaderNodeTexSky")
    sk.sky_type = "NISHITA"
    sk.sun_disc = False
    # Nishita only models the sun above or near the horizon; clamp the dusk cases.
    sk.sun_elevation = math.radians(max(elevation_deg, -3.0))
    sv = sun_vector(elevation_deg, azimuth_deg)
    # Nishita's rotation is a compass bearing: 0 = +Y, 90 deg = +X (checked by render).
    sk.sun_rotation = math.radians(azimuth_deg)
    sk.air_density, sk.dust_density, sk.ozone_density = air, dust, ozone
    sk.altitude = altitude
    bg = nt.nodes.new("ShaderNodeBackground")
    bg.inputs["Strength"].default_value = strength
    out = nt.nodes.new("ShaderNodeOutputWorld")
    if tint:
        mix = nt.nodes.new("ShaderNodeMixRGB")
        mix.blend_type = "MULTIPLY"
        mix.inputs[0].default_value = 1.0
        mix.inputs[2].default_value = (*tint, 1)
        nt.links.new(sk.outputs[0], mix.inputs[1])
        nt.links.new(mix.outputs[0], bg.inputs[0])
    else:
        nt.links.new(sk.outputs[0], bg.inputs[0])
    nt.links.new(bg.outputs[0], out.inputs[0])
    sun = None
    if sun_strength > 0:
        ld = bpy.data.lights.new("Sun", "SUN")
        ld.energy = sun_strength
        ld.angle = math.radians(sun_angle)
        ld.color = sun_color or (1.0, 0.95, 0.88)
        sun = bpy.data.objects.new("Sun", ld)
        bpy.context.scene.collection.objects.link(sun)
        sun.rotation_euler = (-sv).to_track_quat("-Z", "Y").to_euler()
    return sun


def area_light(loc, target, size=(1, 1), energy=100, color=(1, 0.85, 0.7), shape="RECTANGLE",
               spread=180, name="Area"):
    ld = bpy.data.lights.new(name, "AREA")
    ld.shape = shape
    ld.size, ld.size_y = size
    ld.energy = energy
    ld.color = color
    ld.spread = math.radians(spread)
    ob = bpy.data.objects.new(name, ld)
    bpy.context.scene.collection.objects.link(ob)
    ob.location = loc
    ob.rotation_euler = (Vector(target) - Vector(loc)).to_track_quat("-Z", "Y").to_euler()
    # Camera never sees the emitter itself; only its light on surfaces.
    ob.visible_camera = False
    ob.visible_glossy = False
    return ob


def point_light(loc, energy=20, color=(1, 0.75, 0.5), radius=0.05, name="Point"):
    ld = bpy.data.lights.new(name, "POINT")
    ld.energy = energy
    ld.color = color
    ld.shadow_soft_size = radius
    ob = bpy.data.objects.new(name, ld)
    bpy.context.scene.collection.objects.link(ob)
    ob.location = loc
    return ob


def kelvin(t):
    """Approximate blackbody RGB (linear) for colour temperature t in Kelvin."""
    t = t / 100.0
    if t <= 66:
        r = 255
        g = 99.4708025861 * math.log(t) - 161.1195681661
        b = 0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307
    else:
        r = 329.698727446 * ((t - 60) ** -0.1332047592)
        g = 288.1221695283 * ((t - 60) ** -0.0755148492)
        b = 255
    c = [max(0, min(255, v)) / 255.0 for v in (r, g, b)]
    return tuple(v ** 2.2 for v in c)


# --------------------------------------------------------------------------- node helpers

class Nodes:
    """Tiny wrapper so material recipes read like signal flow, not boilerplate."""

    def __init__(self, tree):
        self.t = tree

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
    return m, Nodes(m.node_tree)


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


# --------------------------------------------------------------------------- materials

def mat_stone(name="LimestoneAshlar", color=(0.72, 0.64, 0.52), course=0.32, block=0.95,
              mortar=0.006, var=0.12):
    """Warm ivory limestone laid in ashlar courses."""
    m, nb = new_material(name)
    if nb is None:
        return m
    uv = planar_coords(nb)
    br = nb("ShaderNodeTexBrick", uv, offset=0.5, offset_frequency=2, squash=1.0,
            i_Mortar_Size=mortar, i_Mortar_Smooth=0.3, i_Bias=0.0,
            i_Brick_Width=block, i_Row_Height=course, i_Scale=1.0)
    c1 = tuple(min(1, c * (1 + var)) for c in color)
    c2 = tuple(c * (1 - var) for c in color)
    nb.set(br.inputs["Color1"], c1)
    nb.set(br.inputs["Color2"], c2)
    nb.set(br.inputs["Mortar"], tuple(c * 0.8 for c in color))
    mott = nb.noise(uv, 6.0, detail=8, rough=0.6)
    fine = nb.noise(uv, 60.0, detail=4, rough=0.7)
    col = nb.mix(0.35, br.outputs["Color"], nb.ramp(mott, [(0.35, tuple(c * 0.85 for c in color)),
                                                          (0.65, tuple(min(1, c * 1.08) for c in color))]),
                 blend="OVERLAY")
    col = nb.mix(0.12, col, fine, blend="OVERLAY")
    h = nb.math("ADD", nb.math("MULTIPLY", br.outputs["Fac"], -1.0), nb.math("MULTIPLY", fine, 0.25))
    b = bump(nb, h, strength=0.35, distance=0.006)
    p = principled(nb, col, rough=rough_var(nb, uv, 0.55, 0.8), normal=b)
    finish(nb, p)
    return m


def mat_travertine(name="Travertine", color=(0.78, 0.70, 0.58), tile=(1.2, 0.6), polish=0.28,
                   grout=0.0025):
    """Honed travertine slabs: stretched banding, pores, thin grout."""
    m, nb = new_material(name)
    if nb is None:
        return m
    uv = planar_coords(nb)
    br = nb("ShaderNodeTexBrick", uv, offset=0.5, offset_frequency=1, i_Mortar_Size=grout,
            i_Brick_Width=tile[0], i_Row_Height=tile[1], i_Scale=1.0, i_Mortar_Smooth=0.2)
    nb.set(br.inputs["Color1"], (1, 1, 1))
    nb.set(br.inputs["Color2"], (0.85, 0.85, 0.85))
    # Vein banding runs along the slab: squash one axis of the noise space.
    stretch = nb("ShaderNodeVectorMath", uv, (0.25, 4.0, 1.0), operation="MULTIPLY")
    wave = nb("ShaderNodeTexWave", stretch, wave_type="BANDS", bands_direction="Y",
              i_Scale=1.2, i_Distortion=6.0, i_Detail=6, i_Detail_Scale=1.5, i_Detail_Roughness=0.6)
    bands = nb.ramp(wave.outputs["Fac"], [(0.0, tuple(c * 0.88 for c in color)),
                                          (0.5, color), (1.0, tuple(min(1, c * 1.07) for c in color))])
    pores = nb("ShaderNodeTexVoronoi", stretch, i_Scale=35.0, feature="F1")
    pore = nb.math("LESS_THAN", pores.outputs["Distance"], 0.06)
    col = nb.mix(br.outputs["Color"], tuple(c * 0.9 for c in color), bands, blend="MIX")
    col = nb.mix(nb.math("MULTIPLY", pore, 0.5), col, tuple(c * 0.6 for c in color))
    grout_mask = nb.math("SUBTRACT", 1.0, br.outputs["Fac"])
    col = nb.mix(br.outputs["Fac"], col, tuple(c * 0.75 for c in color))
    h = nb.math("SUBTRACT", grout_mask, nb.math("MULTIPLY", pore, 0.4))
    b = bump(nb, h, strength=0.25, distance=0.003)
    p = principled(nb, col, rough=rough_var(nb, uv, polish, polish + 0.18, 1.5), normal=b,
                   spec=0.5)
    finish(nb, p)
    return m


def mat_plaster(name="Plaster", color=(0.82, 0.78, 0.70), rough=0.85, scale=2.0):
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    n1 = nb.noise(v, scale, detail=6)
    n2 = nb.noise(v, 80, detail=3)
    col = nb.ramp(n1, [(0.3, tuple(c * 0.94 for c in color)), (0.7, color)])
    b = bump(nb, n2, strength=0.05, distance=0.002)
    p = principled(nb, col, rough=rough, normal=b)
    finish(nb, p)
    return m


def mat_wood(name="Walnut", dark=(0.10, 0.055, 0.03), light=(0.22, 0.13, 0.07), plank=(2.4, 0.18),
             rough=0.45, axis="X"):
    """Planked timber: distorted wave rings inside brick-pattern planks."""
    m, nb = new_material(name)
    if nb is None:
        return m
    uv = planar_coords(nb)
    br = nb("ShaderNodeTexBrick", uv, offset=0.37, offset_frequency=1, i_Mortar_Size=0.0015,
            i_Brick_Width=plank[0], i_Row_Height=plank[1], i_Scale=1.0, i_Mortar_Smooth=0.1)
    nb.set(br.inputs["Color1"], (1, 1, 1))
    nb.set(br.inputs["Color2"], (0.5, 0.5, 0.5))
    # Offset each plank's grain so neighbours never match.
    rnd = nb("ShaderNodeVectorMath", uv, br.outputs["Color"], operation="ADD")
    stretch = nb("ShaderNodeVectorMath", rnd, (0.08, 2.5, 1.0), operation="MULTIPLY")
    grain = nb("ShaderNodeTexWave", stretch, wave_type="RINGS", rings_direction="Y",
               i_Scale=3.0, i_Distortion=8.0, i_Detail=4, i_Detail_Scale=2.0)
    fine = nb.noise(nb("ShaderNodeVectorMath", uv, (0.05, 6.0, 1.0), operation="MULTIPLY"), 40, detail=3)
    g = nb.math("MULTIPLY", grain.outputs["Fac"], nb.math("ADD", fine, 0.5))
    col = nb.ramp(g, [(0.1, dark), (0.8, light)])
    tone = nb.math("MULTIPLY", br.outputs["Color"], 0.25)
    col = nb.mix(tone, col, dark)
    seam = nb.math("SUBTRACT", 1, br.outputs["Fac"])
    b = bump(nb, nb.math("ADD", seam, nb.math("MULTIPLY", fine, 0.1)), strength=0.2, distance=0.002)
    p = principled(nb, col, rough=rough_var(nb, uv, rough, rough + 0.2, 4), normal=b)
    finish(nb, p)
    return m


def mat_metal(name="Bronze", color=(0.22, 0.16, 0.11), rough=0.38, metallic=1.0):
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    n = nb.noise(v, 12, detail=6)
    col = nb.ramp(n, [(0.3, tuple(c * 0.8 for c in color)), (0.7, color)])
    p = principled(nb, col, rough=rough_var(nb, v, rough, rough + 0.15, 8), metallic=metallic)
    finish(nb, p)
    return m


def mat_glass(name="Glass", tint=(0.86, 0.9, 0.88), rough=0.0, reflect=1.0):
    """Thin architectural glazing: reflects by Fresnel, passes light straight through.

    A refracting solid would double the light paths and block sun with no caustics;
    thin glass is both cheaper and closer to what a double-glazed window does.
    """
    m, nb = new_material(name)
    if nb is None:
        return m
    fr = nb("ShaderNodeLayerWeight", i_Blend=0.12)
    fres = nb.math("MULTIPLY", fr.outputs["Fresnel"], reflect)
    tr = nb("ShaderNodeBsdfTransparent", tint)
    gl = nb("ShaderNodeBsdfGlossy", (1, 1, 1), rough, distribution="GGX")
    mix = nb("ShaderNodeMixShader", fres, tr, gl)
    lp = nb("ShaderNodeLightPath")
    sh = nb("ShaderNodeMixShader", lp.outputs["Is Shadow Ray"], mix, nb("ShaderNodeBsdfTransparent", tint))
    finish(nb, sh)
    m.blend_method = "BLEND"
    return m


def mat_water(name="Water", deep=(0.02, 0.08, 0.09), ripple=0.25, scale=3.0, absorb=None):
    """Pool water as a refracting surface with a ripple bump; shadow rays pass it
    unbent so the pool floor still receives sun without caustics."""
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    n1 = nb("ShaderNodeTexMusgrave", v, i_Scale=scale, i_Detail=6, i_Dimension=1.2,
            musgrave_type="RIDGED_MULTIFRACTAL")
    n2 = nb.noise(v, scale * 4.0, detail=4)
    h = nb.math("ADD", nb.math("MULTIPLY", n1.outputs[0], 0.03), nb.math("MULTIPLY", n2, 0.5))
    b = bump(nb, h, strength=ripple, distance=0.02)
    # Slight blue-green tint: a metre of water absorbs red first.
    g = nb("ShaderNodeBsdfGlass", (0.78, 0.93, 0.92), 0.0, 1.33, distribution="GGX")
    nb.set(g.inputs["Normal"], b)
    lp = nb("ShaderNodeLightPath")
    sh = nb("ShaderNodeMixShader", lp.outputs["Is Shadow Ray"], g, nb("ShaderNodeBsdfTransparent", (0.9, 0.97, 0.97)))
    finish(nb, sh)
    return m


def mat_mirror_water(name="StillWater", tint=(0.03, 0.035, 0.035), ripple=0.04):
    """Reflecting-pool water over a dark basin: a near-mirror with a faint breeze."""
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    stretch = nb("ShaderNodeVectorMath", v, (0.4, 1.6, 1.0), operation="MULTIPLY")
    n = nb.noise(stretch, 2.5, detail=6, rough=0.55)
    b = bump(nb, n, strength=ripple, distance=0.05)
    p = principled(nb, tint, rough=0.0, spec=0.5, normal=b, IOR=1.33)
    # Water's Fresnel: Principled at IOR 1.33 through 'Specular' ~0.25.
    nb.set(p.inputs["Specular"], 0.25)
    finish(nb, p)
    return m


def mat_grass_ground(name="Lawn", color=(0.06, 0.11, 0.03), scale=1.0):
    """Lawn seen from afar: mottled greens with mowing stripes and a soft fuzzy sheen."""
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    n1 = nb.noise(nb("ShaderNodeVectorMath", v, operation="SCALE", i_Scale=scale), 0.6, detail=8, rough=0.6)
    n2 = nb.noise(v, 30 * scale, detail=4, rough=0.7)
    col = nb.ramp(n1, [(0.3, tuple(c * 0.7 for c in color)), (0.5, color),
                       (0.75, (color[0] * 1.5, color[1] * 1.25, color[2] * 0.8))])
    col = nb.mix(0.3, col, n2, blend="OVERLAY")
    b = bump(nb, n2, strength=0.4, distance=0.02)
    p = principled(nb, col, rough=0.85, spec=0.15, normal=b, Sheen=0.6, Sheen_Tint=0.8)
    finish(nb, p)
    return m


def mat_gravel(name="Gravel", color=(0.55, 0.5, 0.42), scale=60.0):
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    vo = nb("ShaderNodeTexVoronoi", v, i_Scale=scale, feature="F1")
    edge = nb("ShaderNodeTexVoronoi", v, i_Scale=scale, feature="DISTANCE_TO_EDGE")
    col = nb.ramp(vo.outputs["Color"], [(0.0, tuple(c * 0.55 for c in color)), (0.5, color),
                                        (1.0, tuple(min(1, c * 1.2) for c in color))])
    big = nb.noise(v, 0.8, detail=4)
    col = nb.mix(0.3, col, big, blend="OVERLAY")
    h = nb.math("POWER", nb.math("MULTIPLY", edge.outputs["Distance"], 4.0, clamp=True), 0.5)
    b = bump(nb, h, strength=0.8, distance=0.01)
    p = principled(nb, col, rough=0.8, normal=b)
    finish(nb, p)
    return m


def mat_paving(name="Paving", color=(0.62, 0.57, 0.48), tile=(0.9, 0.6)):
    return mat_travertine(name, color=color, tile=tile, polish=0.55, grout=0.004)


def mat_leaf(name="Leaf", color=(0.05, 0.11, 0.025), var=0.35, translucency=0.35):
    """Foliage: per-object and per-leaf hue drift, backlit translucency, waxy sheen."""
    m, nb = new_material(name)
    if nb is None:
        return m
    oi = nb("ShaderNodeObjectInfo")
    v = obj_coords(nb)
    leafnoise = nb.noise(v, 4.0, detail=2)
    drift = nb.math("ADD", nb.math("MULTIPLY", oi.outputs["Random"], 0.5), nb.math("MULTIPLY", leafnoise, 0.5))
    dark = tuple(c * (1 - var) for c in color)
    warm = (color[0] * 1.9, color[1] * 1.2, color[2] * 0.7)
    col = nb.ramp(drift, [(0.2, dark), (0.55, color), (0.9, warm)])
    p = principled(nb, col, rough=0.45, spec=0.35)
    tr = nb("ShaderNodeBsdfTranslucent", col)
    mix = nb("ShaderNodeMixShader", translucency, p, tr)
    finish(nb, mix)
    return m


def mat_bark(name="Bark", color=(0.09, 0.075, 0.06)):
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    st = nb("ShaderNodeVectorMath", v, (6.0, 6.0, 0.6), operation="MULTIPLY")
    n = nb.noise(st, 3.0, detail=8, rough=0.65, distortion=1.0)
    col = nb.ramp(n, [(0.3, tuple(c * 0.6 for c in color)), (0.7, tuple(c * 1.4 for c in color))])
    b = bump(nb, n, strength=0.6, distance=0.02)
    p = principled(nb, col, rough=0.9, normal=b)
    finish(nb, p)
    return m


def mat_emission(name, color=(1.0, 0.7, 0.4), strength=5.0, camera_only=False):
    """Glowing surface. camera_only: small fixtures seen directly and in reflections
    but contributing no diffuse light (real lamps do that job); otherwise diffuse rays
    that stumble on them turn into fireflies."""
    m, nb = new_material(name)
    if nb is None:
        return m
    if camera_only:
        lp = nb("ShaderNodeLightPath")
        # Singular = mirror-sharp reflections (pool, glass); rough glossy would sparkle.
        vis = nb.math("ADD", lp.outputs["Is Camera Ray"], lp.outputs["Is Singular Ray"], clamp=True)
        e = nb("ShaderNodeEmission", color, nb.math("MULTIPLY", vis, strength))
        try:
            m.cycles.sample_as_light = False
        except AttributeError:
            pass
    else:
        e = nb("ShaderNodeEmission", color, strength)
    finish(nb, e)
    return m


def mat_diffuse(name, color, rough=0.7, spec=0.3, sheen=0.0, noise_scale=0.0):
    m, nb = new_material(name)
    if nb is None:
        return m
    col = color
    if noise_scale:
        v = obj_coords(nb)
        n = nb.noise(v, noise_scale, detail=5)
        col = nb.ramp(n, [(0.3, tuple(c * 0.9 for c in color)), (0.7, tuple(min(1, c * 1.08) for c in color))])
    p = principled(nb, col, rough=rough, spec=spec, Sheen=sheen)
    finish(nb, p)
    return m


def mat_fabric(name="Linen", color=(0.7, 0.64, 0.55)):
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    w = nb("ShaderNodeTexWave", v, i_Scale=300.0, wave_type="BANDS", bands_direction="X")
    w2 = nb("ShaderNodeTexWave", v, i_Scale=300.0, wave_type="BANDS", bands_direction="Y")
    h = nb.math("MULTIPLY", w, w2)
    n = nb.noise(v, 5, detail=4)
    col = nb.ramp(n, [(0.3, tuple(c * 0.9 for c in color)), (0.7, color)])
    b = bump(nb, h, strength=0.15, distance=0.001)
    p = principled(nb, col, rough=0.9, spec=0.2, Sheen=1.0, Sheen_Tint=0.5, normal=b)
    finish(nb, p)
    return m


# --------------------------------------------------------------------------- geometry

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


# --------------------------------------------------------------------------- vegetation

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
            o.data.materials.append(bark_mat or mat_bark())
            o.data.resolution_u = 3
        elif o.type == "MESH":
            o.data.materials.clear()
            o.data.materials.append(leaf_mat or mat_leaf())
    return coll


def instance(coll, loc, rot_z=0.0, scale=1.0, name="Inst"):
    e = bpy.data.objects.new(name, None)
    e.instance_type = "COLLECTION"
    e.instance_collection = coll
    e.location = loc
    e.rotation_euler = (0, 0, rot_z)
    e.scale = (scale, scale, scale)
    link(e)
    return e


def leaf_card(name="LeafCard", size=0.06, mat=None):
    """A single bent leaf used as a particle instance for shrubs and hedges."""
    me = bpy.data.meshes.new(name)
    s = size
    me.from_pydata([(0, -s * 0.5, 0), (s * 0.35, 0, s * 0.05), (0, s * 0.5, 0), (-s * 0.35, 0, s * 0.05)],
                   [], [(0, 1, 2, 3)])
    ob = bpy.data.objects.new(name, me)
    assign(ob, mat or mat_leaf())
    return ob


_LEAF_HOLDER = None


def foliage_on(emitter, count, leaf_obj, size=1.0, size_rand=0.5, from_="FACE", seed=0):
    """Cover an emitter mesh with leaf instances (hair particles rendered as objects)."""
    global _LEAF_HOLDER
    if leaf_obj.name not in bpy.context.scene.objects:
        if _LEAF_HOLDER is None:
            _LEAF_HOLDER = hidden_collection("LeafTemplates")
        _LEAF_HOLDER.objects.link(leaf_obj)
    mod = emitter.modifiers.new("Leaves", "PARTICLE_SYSTEM")
    ps = mod.particle_system
    ps.seed = seed
    st = ps.settings
    st.type = "HAIR"
    st.use_advanced_hair = True
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
    ob = link(bpy.data.objects.new(name, me), coll)
    ob.location = loc
    assign(ob, mat)
    return ob


def shrub(name, loc, radius, leaf_obj, density=900, squash=(1, 1, 0.75), seed=0, inner_mat=None, coll=None):
    """A shrub: dark inner body (reads as depth between leaves) plus leaf instances."""
    inner = blob(name + "_core", loc, radius * 0.85, squash, seed, mat=inner_mat or mat_diffuse(
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
    core = box(name + "_core", (length, depth * 0.9, height * 0.95), (mid.x, mid.y, mid.z + height * 0.47),
               mat_diffuse("ShrubCore", (0.012, 0.025, 0.008), rough=0.9), bev=0.2, rot=(0, 0, ang), coll=coll)
    shell = box(name, (length, depth, height), (mid.x, mid.y, mid.z + height / 2), None, bev=0.25,
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
    mod = ground.modifiers.new("Grass", "PARTICLE_SYSTEM")
    ps = mod.particle_system
    ps.seed = seed
    st = ps.settings
    st.type = "HAIR"
    # Advanced mode would derive length from emit velocity; keep hair_length authoritative.
    st.use_advanced_hair = False
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
    mat, nb = new_material("GrassBlade%d" % seed)
    if nb:
        inf = nb("ShaderNodeHairInfo")
        oi = nb("ShaderNodeObjectInfo")
        tone = nb.math("ADD", nb.math("MULTIPLY", inf.outputs["Random"], 0.8), 0.1)
        root = tuple(c * 0.35 for c in color)
        tip = (color[0] * 1.7, color[1] * 1.35, color[2] * 0.6)
        col = nb.ramp(inf.outputs["Intercept"], [(0.0, root), (0.6, color), (1.0, tip)])
        col = nb.mix(nb.math("MULTIPLY", tone, 0.35), col, (color[0] * 1.8, color[1] * 1.3, color[2] * 0.4))
        p = principled(nb, col, rough=0.5, spec=0.4)
        tr = nb("ShaderNodeBsdfTranslucent", col)
        finish(nb, nb("ShaderNodeMixShader", 0.3, p, tr))
    ground.data.materials.append(mat)
    st.material = len(ground.data.materials)
    return ps


def tree_set(dark=(0.035, 0.07, 0.02), warm=(0.06, 0.085, 0.025)):
    """The three tree species used across the estate (shared so every scene's
    planting matches): a large aspen for framing, a maple and a smaller aspen."""
    leaf_dark = mat_leaf("LeafOak", color=dark, translucency=0.3)
    leaf_warm = mat_leaf("LeafMaple", color=warm, translucency=0.35)
    bark = mat_bark()
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


def mat_distant(name, color, haze=(0.75, 0.62, 0.48), falloff=900.0, rough=0.9, bump_scale=0.05):
    """Far hills: aerial perspective faked in the shader (fade towards a haze colour
    with camera distance), far cheaper than a volume and just as convincing at range."""
    m, nb = new_material(name)
    if nb is None:
        return m
    v = obj_coords(nb)
    n = nb.noise(v, bump_scale, detail=8, rough=0.65)
    tex = nb.ramp(n, [(0.35, tuple(c * 0.6 for c in color)), (0.65, color)])
    b = bump(nb, nb.noise(v, bump_scale * 40, detail=6), strength=0.6, distance=2.0)
    # No specular: at the grazing angles distant ground is seen at, even a rough
    # Fresnel sheen mirrors the bright horizon and reads as lakes.
    p = principled(nb, tex, rough=rough, spec=0.0, normal=b)
    cam = nb("ShaderNodeCameraData")
    d = nb.math("DIVIDE", cam.outputs["View Distance"], -falloff)
    fog = nb.math("SUBTRACT", 1.0, nb.math("EXPONENT", d))
    e = nb("ShaderNodeEmission", haze, 1.0)
    mix = nb("ShaderNodeMixShader", fog, p, e)
    finish(nb, mix)
    return m


# --------------------------------------------------------------------------- fireplace

def mat_flame(name="Flame", height=0.2, width=2.3, strength=0.8):
    """Gas flame painted on a vertical card (object y = up, centred on its origin).

    Tongues come from 4D noise squashed along the burner and stretched upward, with a
    per-card seed, so two or three staggered cards read as a flickering row in depth.
    The flame is added over whatever lies behind it (flames are light, not paint) and
    only camera and mirror rays see it, like the other small emitters: the fire's
    light on the room comes from a real lamp.
    """
    m, nb = new_material(name)
    if nb is None:
        return m
    sep = nb("ShaderNodeSeparateXYZ", obj_coords(nb))
    t = nb("ShaderNodeMapRange", sep.outputs[1], -height / 2, height / 2, 0.0, 1.0).outputs[0]
    seed = nb.math("MULTIPLY", nb("ShaderNodeObjectInfo").outputs["Random"], 17.0)
    x = sep.outputs[0]
    # Each tongue's reach: noise along the burner (sampled a little up the card too, so
    # tongues lean and split), then finer turbulence ragging the edges.
    reach_v = nb("ShaderNodeCombineXYZ", nb.math("MULTIPLY", x, 9.0), nb.math("MULTIPLY", t, 0.7), 0.0)
    reach = nb("ShaderNodeTexNoise", reach_v, noise_dimensions="4D", i_W=seed, i_Scale=1.0, i_Detail=2.0,
               i_Roughness=0.5).outputs[0]
    reach = nb("ShaderNodeMapRange", reach, 0.35, 0.7, 0.0, 1.0).outputs[0]
    turb_v = nb("ShaderNodeCombineXYZ", nb.math("MULTIPLY", x, 22.0), nb.math("MULTIPLY", t, 3.0), 0.0)
    turb = nb("ShaderNodeTexNoise", turb_v, noise_dimensions="4D", i_W=seed, i_Scale=1.0, i_Detail=3.0,
              i_Roughness=0.6).outputs[0]
    inside = nb.math("SUBTRACT", nb.math("ADD", reach, nb.math("MULTIPLY", nb.math("SUBTRACT", turb, 0.5), 0.35)), t)
    heat = nb("ShaderNodeMapRange", inside, 0.0, 0.5, 0.0, 1.0).outputs[0]
    # Right at the burner the gas has not yet caught: dimmer, so no hard bright seam.
    lit = nb("ShaderNodeMapRange", t, 0.0, 0.18, 0.35, 1.0).outputs[0]
    ends = nb("ShaderNodeMapRange", nb.math("ABSOLUTE", sep.outputs[0]), width / 2 - 0.2, width / 2, 1.0, 0.0,
              interpolation_type="SMOOTHSTEP").outputs[0]
    heat = nb.math("MULTIPLY", heat, ends)
    # Colour from temperature: deep orange tips, yellow-orange body near the burner.
    col = nb("ShaderNodeBlackbody", nb.math("ADD", 1000.0, nb.math("MULTIPLY", heat, 900.0)))
    lp = nb("ShaderNodeLightPath")
    vis = nb.math("ADD", lp.outputs["Is Camera Ray"], lp.outputs["Is Singular Ray"], clamp=True)
    power = nb.math("MULTIPLY", nb.math("MULTIPLY", nb.math("MULTIPLY", heat, heat), lit),
                    nb.math("MULTIPLY", vis, strength))
    e = nb("ShaderNodeEmission", col, power)
    finish(nb, nb("ShaderNodeAddShader", nb("ShaderNodeBsdfTransparent", (1, 1, 1)), e))
    try:
        m.cycles.sample_as_light = False
    except AttributeError:
        pass
    return m


def mat_firebox(name, frame, flame_y, bed_z, width, glow=0.4, pebbles=False):
    """Black ceramic firebox lining (or its bed of fire glass) lit by the flame.

    The firelight on the lining is painted in rather than traced: a lamp inside a
    small black box adds noise to the whole frame for a glow this predictable. It
    falls off with distance from the burner line, read in the firebox's own frame
    (the `frame` empty: x along the slot, y into the wall, z up).
    """
    m, nb = new_material(name)
    if nb is None:
        return m
    tc = nb("ShaderNodeTexCoord", object=frame)
    sep = nb("ShaderNodeSeparateXYZ", tc.outputs["Object"])
    rel = nb("ShaderNodeCombineXYZ", 0.0, nb.math("SUBTRACT", sep.outputs[1], flame_y),
             nb.math("SUBTRACT", sep.outputs[2], bed_z))
    dist = nb("ShaderNodeVectorMath", rel, operation="LENGTH").outputs["Value"]
    near = nb.math("EXPONENT", nb.math("MULTIPLY", dist, -1.0 / 0.09))
    ends = nb("ShaderNodeMapRange", nb.math("ABSOLUTE", sep.outputs[0]), width / 2 - 0.35, width / 2, 1.0, 0.15,
              interpolation_type="SMOOTHSTEP").outputs[0]
    # The flame row is uneven, so its light on the lining is too.
    uneven = nb("ShaderNodeMapRange", nb.noise(nb.math("MULTIPLY", sep.outputs[0], 2.5), 1.0, detail=2),
                0.3, 0.7, 0.55, 1.0).outputs[0]
    g = nb.math("MULTIPLY", nb.math("MULTIPLY", near, ends), uneven)
    base = (0.014, 0.012, 0.011)
    normal = None
    if pebbles:
        # Crushed fire glass: cells that catch the glow, dark gaps between them.
        co = tc.outputs["Object"]
        cells = nb("ShaderNodeTexVoronoi", co, i_Scale=55.0, feature="DISTANCE_TO_EDGE")
        edge = nb.math("MULTIPLY", cells.outputs["Distance"], 6.0, clamp=True)
        normal = bump(nb, edge, strength=0.6, distance=0.006)
        g = nb.math("MULTIPLY", g, nb.math("ADD", 0.25, edge))
        base = (0.03, 0.022, 0.018)
    p = principled(nb, base, rough=0.35 if pebbles else 0.8, spec=0.5 if pebbles else 0.2, normal=normal)
    lp = nb("ShaderNodeLightPath")
    vis = nb.math("ADD", lp.outputs["Is Camera Ray"], lp.outputs["Is Singular Ray"], clamp=True)
    e = nb("ShaderNodeEmission", nb("ShaderNodeBlackbody", 1500.0), nb.math("MULTIPLY", g, nb.math("MULTIPLY", vis, glow)))
    finish(nb, nb("ShaderNodeAddShader", p, e))
    return m


def linear_fire(wall, centre, rot=0.0, width=2.4, height=0.42, depth=0.38, flame=0.2, energy=40.0,
                trim=None):
    """A recessed linear gas fire cut into `wall`.

    centre is the middle of the opening on the wall's face; the fire faces local -y
    turned by rot about z (0: faces -y, pi/2: faces +x). The opening is a boolean cut,
    not a box set into the wall, so the stone keeps its own texture coordinates and
    the ashlar courses run unbroken around the slot. The flame cards must stand in open
    air inside the recess: any solid box in front of them hides the flame entirely.
    """
    R = Matrix.Rotation(rot, 3, "Z")
    c0 = Vector(centre)

    def at(u, v, z):
        return tuple(c0 + R @ Vector((u, v, z)))

    r3 = (0.0, 0.0, rot)
    frame = link(bpy.data.objects.new("FireFrame", None))
    frame.location, frame.rotation_euler = c0, r3

    cut = box("FireCut", (width, depth + 0.1, height), at(0, (depth - 0.1) / 2, 0), None, bev=0, rot=r3)
    cut.hide_render = True
    cut.display_type = "WIRE"
    mod = wall.modifiers.new("FireOpening", "BOOLEAN")
    mod.operation = "DIFFERENCE"
    mod.object = cut

    bed_h = 0.035
    bed_z = -height / 2 + bed_h
    flame_y = depth * 0.55
    lining = mat_firebox("FireboxLining", frame, flame_y, bed_z, width)
    bed = mat_firebox("FireGlass", frame, flame_y, bed_z, width, glow=1.0, pebbles=True)
    s = 0.02
    box("FireBack", (width, s, height), at(0, depth - s / 2, 0), lining, bev=0, rot=r3)
    box("FireTop", (width, depth, s), at(0, depth / 2, height / 2 - s / 2), lining, bev=0, rot=r3)
    for side in (-1, 1):
        box("FireSide", (s, depth, height), at(side * (width / 2 - s / 2), depth / 2, 0), lining, bev=0, rot=r3)
    box("FireBed", (width - 2 * s, depth - s, bed_h), at(0, depth / 2, -height / 2 + bed_h / 2), bed,
        bev=0.004, rot=r3)

    fmat = mat_flame("Flame", height=flame, width=width - 0.1)
    for i, dv in enumerate((-0.05, 0.0, 0.05)):
        # Cards start just below the bed surface so no hard lower edge shows.
        plane("FlameCard%d" % i, (width - 0.1, flame), at(0, flame_y + dv, bed_z - 0.01 + flame / 2), fmat,
              rot=(math.pi / 2, 0.0, rot))

    if trim is not None:
        # Blackened steel surround: the crisp line a real linear fire has.
        t, p = 0.022, 0.008
        for side in (-1, 1):
            box("FireTrim", (width + 2 * t, p, t), at(0, -p / 2, side * (height / 2 + t / 2)), trim, bev=0.002, rot=r3)
            box("FireTrim", (t, p, height), at(side * (width / 2 + t / 2), -p / 2, 0), trim, bev=0.002, rot=r3)

    # The one real lamp: firelight spilling out over the hearth and floor.
    return point_light(at(0, 0.08, bed_z + flame * 0.6), energy=energy, color=kelvin(1700), radius=0.08,
                       name="FireLight")
