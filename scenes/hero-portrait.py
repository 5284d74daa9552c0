"""Hero (9:16, phones): the same scene as hero.py, framed for a portrait screen.

A tall frame of the landscape camera would be mostly lawn and sky, so this camera
stands at the pool's near coping with a longer lens: the limestone core and its lit
slot sit on the vertical centre line, the dark treeline and sky fill the upper ~40%,
and the reflection runs down the still water below. The site lays its title over
the middle third, so the pavilions' bright glass is kept to the frame edges.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hero_scene  # noqa: E402
import render_setup  # noqa: E402

args = render_setup.start()
hero_scene.build(args, samples=128)
# Level camera with a rising front (shift) instead of a tilt: the core's verticals
# stay parallel, as an architectural photographer would shoot it.
EYE = (0.0, -1.0, 1.3)
render_setup.camera(EYE, (0.0, 40.0, EYE[2]), lens=60, fstop=8, focus=41, shift_y=0.11)
render_setup.render(args)
