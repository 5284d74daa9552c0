"""The frame around every scene: arguments, render settings, the camera, and writing the image.

A scene script calls start() first (it parses the arguments render.mjs passes and
empties the file), then setup_render(), builds its scene, places its camera() and
calls render(). The master size comes in as --size: the SCENES table in render.mjs is
the one place it is stated.
"""
import argparse
import os
import random
import sys

import bpy
from mathutils import Vector


def master_size(text):
    """'480x270' -> (480, 270)."""
    w, h = (int(v) for v in text.lower().split("x"))
    return w, h


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    p = argparse.ArgumentParser()
    p.add_argument("--out", required=True)
    p.add_argument("--samples", type=int, default=None)
    # The master size, which render.mjs passes from its SCENES table. Each script's
    # camera is framed for its own aspect, so give a size of that aspect.
    p.add_argument("--size", type=master_size, required=True, metavar="WxH")
    # Multiplier on the master size: render.mjs renders above 1.0 and downsamples,
    # which averages away residual noise since this Blender build has no denoiser.
    p.add_argument("--scale", type=float, default=1.0)
    return p.parse_args(argv)


def start():
    args = parse_args()
    bpy.ops.wm.read_factory_settings(use_empty=True)
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
    w, h = args.size
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
