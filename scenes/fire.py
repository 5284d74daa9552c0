"""A recessed linear gas fire: the boolean-cut opening, its black ceramic lining and
bed of fire glass, the flame cards and the one lamp that lights the room."""
import math

import bpy
from mathutils import Matrix, Vector

import geometry
import lighting
import nodes


@nodes.recipe("Flame")
def mat_flame(nb, height=0.2, width=2.3, strength=0.8):
    """Gas flame painted on a vertical card (object y = up, centred on its origin).

    Tongues come from 4D noise squashed along the burner and stretched upward, with a
    per-card seed, so two or three staggered cards read as a flickering row in depth.
    The flame is added over whatever lies behind it (flames are light, not paint) and
    only camera and mirror rays see it, like the other small emitters: the fire's
    light on the room comes from a real lamp.
    """
    sep = nb("ShaderNodeSeparateXYZ", nodes.obj_coords(nb))
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
    vis = nodes.camera_only(nb)
    power = nb.math("MULTIPLY", nb.math("MULTIPLY", nb.math("MULTIPLY", heat, heat), lit),
                    nb.math("MULTIPLY", vis, strength))
    e = nb("ShaderNodeEmission", col, power)
    nodes.no_light_sampling(nb.material)
    return nb("ShaderNodeAddShader", nb("ShaderNodeBsdfTransparent", (1, 1, 1)), e)


@nodes.recipe()
def mat_firebox(nb, frame, flame_y, bed_z, width, glow=0.4, pebbles=False):
    """Black ceramic firebox lining (or its bed of fire glass) lit by the flame.

    The firelight on the lining is painted in rather than traced: a lamp inside a
    small black box adds noise to the whole frame for a glow this predictable. It
    falls off with distance from the burner line, read in the firebox's own frame
    (the `frame` empty: x along the slot, y into the wall, z up).
    """
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
        normal = nodes.bump(nb, edge, strength=0.6, distance=0.006)
        g = nb.math("MULTIPLY", g, nb.math("ADD", 0.25, edge))
        base = (0.03, 0.022, 0.018)
    p = nodes.principled(nb, base, rough=0.35 if pebbles else 0.8, spec=0.5 if pebbles else 0.2, normal=normal)
    vis = nodes.camera_only(nb)
    e = nb("ShaderNodeEmission", nb("ShaderNodeBlackbody", 1500.0), nb.math("MULTIPLY", g, nb.math("MULTIPLY", vis, glow)))
    return nb("ShaderNodeAddShader", p, e)


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
    frame = geometry.link(bpy.data.objects.new("FireFrame", None))
    frame.location, frame.rotation_euler = c0, r3

    cut = geometry.box("FireCut", (width, depth + 0.1, height), at(0, (depth - 0.1) / 2, 0), None, bev=0, rot=r3)
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
    geometry.box("FireBack", (width, s, height), at(0, depth - s / 2, 0), lining, bev=0, rot=r3)
    geometry.box("FireTop", (width, depth, s), at(0, depth / 2, height / 2 - s / 2), lining, bev=0, rot=r3)
    for side in (-1, 1):
        geometry.box("FireSide", (s, depth, height), at(side * (width / 2 - s / 2), depth / 2, 0), lining,
                     bev=0, rot=r3)
    geometry.box("FireBed", (width - 2 * s, depth - s, bed_h), at(0, depth / 2, -height / 2 + bed_h / 2), bed,
                 bev=0.004, rot=r3)

    fmat = mat_flame("Flame", height=flame, width=width - 0.1)
    for i, dv in enumerate((-0.05, 0.0, 0.05)):
        # Cards start just below the bed surface so no hard lower edge shows.
        geometry.plane("FlameCard%d" % i, (width - 0.1, flame), at(0, flame_y + dv, bed_z - 0.01 + flame / 2), fmat,
                       rot=(math.pi / 2, 0.0, rot))

    if trim is not None:
        # Blackened steel surround: the crisp line a real linear fire has.
        t, p = 0.022, 0.008
        for side in (-1, 1):
            geometry.box("FireTrim", (width + 2 * t, p, t), at(0, -p / 2, side * (height / 2 + t / 2)), trim,
                         bev=0.002, rot=r3)
            geometry.box("FireTrim", (t, p, height), at(side * (width / 2 + t / 2), -p / 2, 0), trim,
                         bev=0.002, rot=r3)

    # The one real lamp: firelight spilling out over the hearth and floor.
    return lighting.point_light(at(0, 0.08, bed_z + flame * 0.6), energy=energy, color=lighting.kelvin(1700),
                                radius=0.08, name="FireLight")
