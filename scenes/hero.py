"""Hero (16:9, desktop): the model residence across its reflecting pool at the
golden/blue-hour turn.

Composition rules from the site design: the house and its reflection sit dead centre,
and the upper third is a calm, darkening sky over a wooded ridge so the white headline
stays legible. Phones get their own frame of the same scene: hero-portrait.py.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hero_scene  # noqa: E402
import render_setup  # noqa: E402

args = render_setup.start()
hero_scene.build(args)
render_setup.camera((0.0, -6.0, 1.45), (0.0, 40.0, 4.2), lens=35, fstop=8, focus=44)
render_setup.render(args)
