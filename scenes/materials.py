"""The procedural material library: stone, timber, plaster, metal, glass, water,
ground, foliage, fabric, emitters and distant hills.

Everything is procedural: no image textures, HDRIs or downloaded assets, so the whole
photo set can be regenerated from this folder alone.
"""
import nodes


@nodes.recipe("LimestoneAshlar")
def mat_stone(nb, color=(0.72, 0.64, 0.52), course=0.32, block=0.95,
              mortar=0.006, var=0.12):
    """Warm ivory limestone laid in ashlar courses."""
    uv = nodes.planar_coords(nb)
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
    b = nodes.bump(nb, h, strength=0.35, distance=0.006)
    return nodes.principled(nb, col, rough=nodes.rough_var(nb, uv, 0.55, 0.8), normal=b)


@nodes.recipe("Travertine")
def mat_travertine(nb, color=(0.78, 0.70, 0.58), tile=(1.2, 0.6), polish=0.28,
                   grout=0.0025):
    """Honed travertine slabs: stretched banding, pores, thin grout."""
    uv = nodes.planar_coords(nb)
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
    b = nodes.bump(nb, h, strength=0.25, distance=0.003)
    return nodes.principled(nb, col, rough=nodes.rough_var(nb, uv, polish, polish + 0.18, 1.5), normal=b,
                            spec=0.5)


@nodes.recipe("Plaster")
def mat_plaster(nb, color=(0.82, 0.78, 0.70), rough=0.85, scale=2.0):
    v = nodes.obj_coords(nb)
    n1 = nb.noise(v, scale, detail=6)
    n2 = nb.noise(v, 80, detail=3)
    col = nb.ramp(n1, [(0.3, tuple(c * 0.94 for c in color)), (0.7, color)])
    b = nodes.bump(nb, n2, strength=0.05, distance=0.002)
    return nodes.principled(nb, col, rough=rough, normal=b)


@nodes.recipe("Walnut")
def mat_wood(nb, dark=(0.10, 0.055, 0.03), light=(0.22, 0.13, 0.07), plank=(2.4, 0.18),
             rough=0.45, axis="X"):
    """Planked timber: distorted wave rings inside brick-pattern planks."""
    uv = nodes.planar_coords(nb)
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
    b = nodes.bump(nb, nb.math("ADD", seam, nb.math("MULTIPLY", fine, 0.1)), strength=0.2, distance=0.002)
    return nodes.principled(nb, col, rough=nodes.rough_var(nb, uv, rough, rough + 0.2, 4), normal=b)


@nodes.recipe("Bronze")
def mat_metal(nb, color=(0.22, 0.16, 0.11), rough=0.38, metallic=1.0):
    v = nodes.obj_coords(nb)
    n = nb.noise(v, 12, detail=6)
    col = nb.ramp(n, [(0.3, tuple(c * 0.8 for c in color)), (0.7, color)])
    return nodes.principled(nb, col, rough=nodes.rough_var(nb, v, rough, rough + 0.15, 8), metallic=metallic)


@nodes.recipe("Glass")
def mat_glass(nb, tint=(0.86, 0.9, 0.88), rough=0.0, reflect=1.0):
    """Thin architectural glazing: reflects by Fresnel, passes light straight through.

    A refracting solid would double the light paths and block sun with no caustics;
    thin glass is both cheaper and closer to what a double-glazed window does.
    """
    fr = nb("ShaderNodeLayerWeight", i_Blend=0.12)
    fres = nb.math("MULTIPLY", fr.outputs["Fresnel"], reflect)
    tr = nb("ShaderNodeBsdfTransparent", tint)
    gl = nb("ShaderNodeBsdfGlossy", (1, 1, 1), rough, distribution="GGX")
    mix = nb("ShaderNodeMixShader", fres, tr, gl)
    lp = nb("ShaderNodeLightPath")
    sh = nb("ShaderNodeMixShader", lp.outputs["Is Shadow Ray"], mix, nb("ShaderNodeBsdfTransparent", tint))
    nb.material.blend_method = "BLEND"
    return sh


@nodes.recipe("Water")
def mat_water(nb, deep=(0.02, 0.08, 0.09), ripple=0.25, scale=3.0, absorb=None):
    """Pool water as a refracting surface with a ripple bump; shadow rays pass it
    unbent so the pool floor still receives sun without caustics."""
    v = nodes.obj_coords(nb)
    n1 = nb("ShaderNodeTexMusgrave", v, i_Scale=scale, i_Detail=6, i_Dimension=1.2,
            musgrave_type="RIDGED_MULTIFRACTAL")
    n2 = nb.noise(v, scale * 4.0, detail=4)
    h = nb.math("ADD", nb.math("MULTIPLY", n1.outputs[0], 0.03), nb.math("MULTIPLY", n2, 0.5))
    b = nodes.bump(nb, h, strength=ripple, distance=0.02)
    # Slight blue-green tint: a metre of water absorbs red first.
    g = nb("ShaderNodeBsdfGlass", (0.78, 0.93, 0.92), 0.0, 1.33, distribution="GGX")
    nb.set(g.inputs["Normal"], b)
    lp = nb("ShaderNodeLightPath")
    return nb("ShaderNodeMixShader", lp.outputs["Is Shadow Ray"], g, nb("ShaderNodeBsdfTransparent", (0.9, 0.97, 0.97)))


@nodes.recipe("StillWater")
def mat_mirror_water(nb, tint=(0.03, 0.035, 0.035), ripple=0.04):
    """Reflecting-pool water over a dark basin: a near-mirror with a faint breeze."""
    v = nodes.obj_coords(nb)
    stretch = nb("ShaderNodeVectorMath", v, (0.4, 1.6, 1.0), operation="MULTIPLY")
    n = nb.noise(stretch, 2.5, detail=6, rough=0.55)
    b = nodes.bump(nb, n, strength=ripple, distance=0.05)
    p = nodes.principled(nb, tint, rough=0.0, spec=0.5, normal=b, IOR=1.33)
    # Water's Fresnel: Principled at IOR 1.33 through 'Specular' ~0.25.
    nb.set(p.inputs["Specular"], 0.25)
    return p


@nodes.recipe("Lawn")
def mat_grass_ground(nb, color=(0.06, 0.11, 0.03), scale=1.0):
    """Lawn seen from afar: mottled greens with mowing stripes and a soft fuzzy sheen."""
    v = nodes.obj_coords(nb)
    n1 = nb.noise(nb("ShaderNodeVectorMath", v, operation="SCALE", i_Scale=scale), 0.6, detail=8, rough=0.6)
    n2 = nb.noise(v, 30 * scale, detail=4, rough=0.7)
    col = nb.ramp(n1, [(0.3, tuple(c * 0.7 for c in color)), (0.5, color),
                       (0.75, (color[0] * 1.5, color[1] * 1.25, color[2] * 0.8))])
    col = nb.mix(0.3, col, n2, blend="OVERLAY")
    b = nodes.bump(nb, n2, strength=0.4, distance=0.02)
    return nodes.principled(nb, col, rough=0.85, spec=0.15, normal=b, Sheen=0.6, Sheen_Tint=0.8)


@nodes.recipe("Gravel")
def mat_gravel(nb, color=(0.55, 0.5, 0.42), scale=60.0):
    v = nodes.obj_coords(nb)
    vo = nb("ShaderNodeTexVoronoi", v, i_Scale=scale, feature="F1")
    edge = nb("ShaderNodeTexVoronoi", v, i_Scale=scale, feature="DISTANCE_TO_EDGE")
    col = nb.ramp(vo.outputs["Color"], [(0.0, tuple(c * 0.55 for c in color)), (0.5, color),
                                        (1.0, tuple(min(1, c * 1.2) for c in color))])
    big = nb.noise(v, 0.8, detail=4)
    col = nb.mix(0.3, col, big, blend="OVERLAY")
    h = nb.math("POWER", nb.math("MULTIPLY", edge.outputs["Distance"], 4.0, clamp=True), 0.5)
    b = nodes.bump(nb, h, strength=0.8, distance=0.01)
    return nodes.principled(nb, col, rough=0.8, normal=b)


def mat_paving(name="Paving", color=(0.62, 0.57, 0.48), tile=(0.9, 0.6)):
    return mat_travertine(name, color=color, tile=tile, polish=0.55, grout=0.004)


@nodes.recipe("Leaf")
def mat_leaf(nb, color=(0.05, 0.11, 0.025), var=0.35, translucency=0.35):
    """Foliage: per-object and per-leaf hue drift, backlit translucency, waxy sheen."""
    oi = nb("ShaderNodeObjectInfo")
    v = nodes.obj_coords(nb)
    leafnoise = nb.noise(v, 4.0, detail=2)
    drift = nb.math("ADD", nb.math("MULTIPLY", oi.outputs["Random"], 0.5), nb.math("MULTIPLY", leafnoise, 0.5))
    dark = tuple(c * (1 - var) for c in color)
    warm = (color[0] * 1.9, color[1] * 1.2, color[2] * 0.7)
    col = nb.ramp(drift, [(0.2, dark), (0.55, color), (0.9, warm)])
    p = nodes.principled(nb, col, rough=0.45, spec=0.35)
    tr = nb("ShaderNodeBsdfTranslucent", col)
    return nb("ShaderNodeMixShader", translucency, p, tr)


@nodes.recipe("Bark")
def mat_bark(nb, color=(0.09, 0.075, 0.06)):
    v = nodes.obj_coords(nb)
    st = nb("ShaderNodeVectorMath", v, (6.0, 6.0, 0.6), operation="MULTIPLY")
    n = nb.noise(st, 3.0, detail=8, rough=0.65, distortion=1.0)
    col = nb.ramp(n, [(0.3, tuple(c * 0.6 for c in color)), (0.7, tuple(c * 1.4 for c in color))])
    b = nodes.bump(nb, n, strength=0.6, distance=0.02)
    return nodes.principled(nb, col, rough=0.9, normal=b)


@nodes.recipe()
def mat_emission(nb, color=(1.0, 0.7, 0.4), strength=5.0, camera_only=False):
    """Glowing surface. camera_only: small fixtures seen directly and in reflections
    but contributing no diffuse light (real lamps do that job); otherwise diffuse rays
    that stumble on them turn into fireflies."""
    if camera_only:
        vis = nodes.camera_only(nb)
        e = nb("ShaderNodeEmission", color, nb.math("MULTIPLY", vis, strength))
        nodes.no_light_sampling(nb.material)
    else:
        e = nb("ShaderNodeEmission", color, strength)
    return e


@nodes.recipe()
def mat_diffuse(nb, color, rough=0.7, spec=0.3, sheen=0.0, noise_scale=0.0):
    col = color
    if noise_scale:
        v = nodes.obj_coords(nb)
        n = nb.noise(v, noise_scale, detail=5)
        col = nb.ramp(n, [(0.3, tuple(c * 0.9 for c in color)), (0.7, tuple(min(1, c * 1.08) for c in color))])
    return nodes.principled(nb, col, rough=rough, spec=spec, Sheen=sheen)


@nodes.recipe("Linen")
def mat_fabric(nb, color=(0.7, 0.64, 0.55)):
    v = nodes.obj_coords(nb)
    w = nb("ShaderNodeTexWave", v, i_Scale=300.0, wave_type="BANDS", bands_direction="X")
    w2 = nb("ShaderNodeTexWave", v, i_Scale=300.0, wave_type="BANDS", bands_direction="Y")
    h = nb.math("MULTIPLY", w, w2)
    n = nb.noise(v, 5, detail=4)
    col = nb.ramp(n, [(0.3, tuple(c * 0.9 for c in color)), (0.7, color)])
    b = nodes.bump(nb, h, strength=0.15, distance=0.001)
    return nodes.principled(nb, col, rough=0.9, spec=0.2, Sheen=1.0, Sheen_Tint=0.5, normal=b)


@nodes.recipe()
def mat_distant(nb, color, haze=(0.75, 0.62, 0.48), falloff=900.0, rough=0.9, bump_scale=0.05):
    """Far hills: aerial perspective faked in the shader (fade towards a haze colour
    with camera distance), far cheaper than a volume and just as convincing at range."""
    v = nodes.obj_coords(nb)
    n = nb.noise(v, bump_scale, detail=8, rough=0.65)
    tex = nb.ramp(n, [(0.35, tuple(c * 0.6 for c in color)), (0.65, color)])
    b = nodes.bump(nb, nb.noise(v, bump_scale * 40, detail=6), strength=0.6, distance=2.0)
    # No specular: at the grazing angles distant ground is seen at, even a rough
    # Fresnel sheen mirrors the bright horizon and reads as lakes.
    p = nodes.principled(nb, tex, rough=rough, spec=0.0, normal=b)
    cam = nb("ShaderNodeCameraData")
    d = nb.math("DIVIDE", cam.outputs["View Distance"], -falloff)
    fog = nb.math("SUBTRACT", 1.0, nb.math("EXPONENT", d))
    e = nb("ShaderNodeEmission", haze, 1.0)
    return nb("ShaderNodeMixShader", fog, p, e)
