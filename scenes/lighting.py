"""Daylight and lamps: the Nishita sky with its matching sun, area and point lights,
and blackbody colours for lamps by colour temperature."""
import math

import bpy
from mathutils import Vector


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
