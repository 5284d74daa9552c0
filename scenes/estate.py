"""The Aldercrest model residence, shared by hero.py and slide-1-facade.py.

Local frame: x along the facade, front faces -y, z up, finished floor at z = 0.
A long single-storey glass pavilion is split by a tall limestone core and chimney;
a stone-clad upper volume floats over the east wing. Deep, thin roof plates give
the long horizontal lines the brief asks for.
"""
import math
import random

import bpy
from mathutils import Vector

import geometry
import lighting
import materials


def _mats():
    return dict(
        stone=materials.mat_stone("Limestone", color=(0.72, 0.60, 0.44), course=0.34, block=1.1),
        trav=materials.mat_paving("TerraceTravertine", color=(0.66, 0.60, 0.50), tile=(1.2, 0.6)),
        roof=materials.mat_metal("Fascia", color=(0.035, 0.033, 0.03), rough=0.45, metallic=0.6),
        soffit=materials.mat_wood("SoffitCedar", dark=(0.16, 0.08, 0.035), light=(0.36, 0.19, 0.08), plank=(3.0, 0.12)),
        bronze=materials.mat_metal("BronzeFrame", color=(0.09, 0.065, 0.045), rough=0.35),
        glass=materials.mat_glass("Glazing", tint=(0.9, 0.93, 0.92), reflect=1.0),
        wall=materials.mat_plaster("InteriorPlaster", color=(0.55, 0.47, 0.38)),
        ceiling=materials.mat_wood("InteriorOak", dark=(0.25, 0.14, 0.07), light=(0.45, 0.28, 0.14), plank=(2.0, 0.15)),
        floor=materials.mat_travertine("InteriorFloor", color=(0.72, 0.65, 0.54), polish=0.2),
        sofa=materials.mat_fabric("SofaLinen", color=(0.62, 0.56, 0.47)),
        panel=materials.mat_wood("WalnutPanel", dark=(0.06, 0.035, 0.02), light=(0.16, 0.09, 0.045), plank=(0.6, 2.8)),
        dark=materials.mat_diffuse("DarkWood", (0.04, 0.025, 0.015), rough=0.4),
        art=materials.mat_diffuse("Artwork", (0.22, 0.12, 0.06), rough=0.6, noise_scale=3),
        lampshade=materials.mat_emission("LampShade", lighting.kelvin(2400), 6.0, camera_only=True),
        downlight=materials.mat_emission("Downlight", lighting.kelvin(2700), 40.0, camera_only=True),
        fire=materials.mat_emission("Fire", (1.0, 0.35, 0.08), 25.0),
    )


def glass_room(M, o, x0, x1, y0, y1, z0, z1, mullion=2.4, light=1.0, furnish=True, seed=0):
    """A glazed room: warm interior surfaces lit by ceiling area lights, read through
    a bronze-framed curtain wall on the -y side."""
    ox, oy, oz = o
    w, d, h = x1 - x0, y1 - y0, z1 - z0
    cx, cy = ox + (x0 + x1) / 2, oy + (y0 + y1) / 2
    geometry.box("Floor", (w, d, 0.3), (cx, cy, oz + z0 - 0.15), M["floor"], bev=0.0)
    geometry.box("Ceiling", (w, d, 0.05), (cx, cy, oz + z1 - 0.025), M["ceiling"], bev=0.0)
    geometry.box("Back", (w, 0.2, h), (cx, oy + y1 + 0.1, oz + z0 + h / 2), M["wall"], bev=0.0)
    for sx in (x0 - 0.1, x1 + 0.1):
        geometry.box("Side", (0.2, d, h), (ox + sx, cy, oz + z0 + h / 2), M["wall"], bev=0.0)
    # Curtain wall: one glass plane, slim bronze mullions and transoms.
    geometry.plane("Glass", (w, h), (cx, oy + y0, oz + z0 + h / 2), M["glass"], rot=(math.pi / 2, 0, 0))
    n = max(1, int(round(w / mullion)))
    for i in range(n + 1):
        x = ox + x0 + w * i / n
        geometry.box("Mullion", (0.07, 0.14, h), (x, oy + y0, oz + z0 + h / 2), M["bronze"], bev=0.008)
    for z in (z0 + 0.04, z1 - 0.04):
        geometry.box("Transom", (w, 0.14, 0.08), (cx, oy + y0, oz + z), M["bronze"], bev=0.008)
    # One long 2700 K ceiling light per room. Cycles 3.4 has no light tree, so each
    # shading point picks among *all* lamps: fewer lamps means far less noise.
    lighting.area_light((cx, cy + d * 0.1, oz + z1 - 0.08), (cx, cy + d * 0.1, oz + z0), size=(w * 0.8, d * 0.4),
                        energy=270 * light * w / 5.5, color=lighting.kelvin(2700))
    if not furnish:
        return
    rnd = random.Random(seed)
    # Furniture silhouettes: enough to read as a lived-in room through the glass.
    for i in range(max(1, int(w / 7))):
        fx = ox + x0 + w * (i + 0.5) / max(1, int(w / 7)) + rnd.uniform(-0.8, 0.8)
        fy = oy + y0 + d * 0.45
        geometry.box("Sofa", (2.6, 0.95, 0.42), (fx, fy, oz + z0 + 0.21), M["sofa"], bev=0.06, segments=3)
        geometry.box("SofaBack", (2.6, 0.22, 0.42), (fx, fy + 0.4, oz + z0 + 0.55), M["sofa"], bev=0.07, segments=3)
        geometry.box("Table", (1.3, 0.7, 0.06), (fx, fy - 1.3, oz + z0 + 0.38), M["dark"], bev=0.01)
        geometry.box("TableBase", (0.9, 0.4, 0.35), (fx, fy - 1.3, oz + z0 + 0.175), M["dark"], bev=0.01)
        lamp = geometry.cylinder("Lamp", 0.22, 0.3, (fx + 1.8, fy + 0.3, oz + z0 + 1.35), M["lampshade"], bev=0)
        geometry.cylinder("LampStem", 0.015, 1.2, (fx + 1.8, fy + 0.3, oz + z0 + 0.6), M["bronze"], bev=0)
        geometry.box("Millwork", (3.2, 0.4, h - 0.1), (fx - 2.6, oy + y1 - 0.2, oz + z0 + (h - 0.1) / 2),
                     M["panel"], bev=0.01)
        geometry.box("Art", (1.6, 0.04, 1.1), (fx + rnd.uniform(-1, 1), oy + y1 - 0.02, oz + z0 + 1.8), M["art"],
                     bev=0.005)


def roof_plate(M, o, x0, x1, y0, y1, z, thick=0.32):
    """Thin roof plate: charcoal fascia with a cedar soffit and a row of downlights."""
    ox, oy, oz = o
    w, d = x1 - x0, y1 - y0
    cx, cy = ox + (x0 + x1) / 2, oy + (y0 + y1) / 2
    geometry.box("Roof", (w, d, thick), (cx, cy, oz + z + thick / 2), M["roof"], bev=0.015)
    geometry.box("Soffit", (w - 0.1, d - 0.1, 0.02), (cx, cy, oz + z - 0.005), M["soffit"], bev=0.0)
    for i in range(int(w / 3.0)):
        x = ox + x0 + 1.5 + i * 3.0
        geometry.cylinder("Downlight", 0.05, 0.02, (x, oy + y0 + 1.0, oz + z - 0.02), M["downlight"], verts=16, bev=0)


def build(origin=(0, 0, 0), lights=1.0):
    M = _mats()
    o = Vector(origin)
    ox, oy, oz = o
    # Terrace plinth and steps down to the lawn.
    geometry.box("Terrace", (46, 9, 0.6), (ox, oy - 4.0, oz - 0.3), M["trav"], bev=0.02)
    for i in range(3):
        geometry.box("Step", (10, 0.4, 0.15), (ox - 3, oy - 8.7 - 0.4 * i, oz - 0.15 * (i + 1) - 0.075 + 0.0),
                     M["trav"], bev=0.01)
    # West glass pavilion.
    glass_room(M, o, -19, -2.6, 0, 9, 0, 3.7, light=lights, seed=1)
    roof_plate(M, o, -21.5, -2.2, -3.0, 10, 3.75)
    # Limestone core: two storeys, with the chimney stack rising above the roofs.
    geometry.box("Core", (5.2, 10.2, 8.2), (ox + 0.0, oy + 4.9, oz + 4.1), M["stone"], bev=0.02)
    for sx in (-1.75, 1.75):
        geometry.box("Pilaster", (1.7, 0.85, 8.2), (ox + sx, oy - 0.6, oz + 4.1), M["stone"], bev=0.02)
    geometry.box("Lintel", (1.8, 0.85, 1.0), (ox, oy - 0.6, oz + 7.7), M["stone"], bev=0.02)
    geometry.box("Chimney", (1.6, 1.2, 10.4), (ox + 1.4, oy + 6.5, oz + 5.2), M["stone"], bev=0.02)
    geometry.box("CoreCap", (5.6, 11.4, 0.25), (ox + 0.0, oy + 4.5, oz + 8.3), M["roof"], bev=0.01)
    # Tall slot window in the core: a shallow lit niche that glows at dusk.
    glass_room(M, o, -0.9, 0.9, -0.95, -0.3, 0.0, 7.2, mullion=2.0, light=1.2 * lights, furnish=False)
    # East pavilion, ground floor.
    glass_room(M, o, 2.6, 20, 0, 9, 0, 3.7, light=lights, seed=2)
    roof_plate(M, o, 2.2, 22.5, -2.6, 10, 3.75)
    # Upper stone volume with a ribbon window.
    ux0, ux1, uy0, uy1, uz0, uz1 = 5.5, 18.5, 1.5, 9.5, 4.07, 7.3
    geometry.box("UpperSill", (ux1 - ux0, uy1 - uy0, 0.9),
                 (ox + (ux0 + ux1) / 2, oy + (uy0 + uy1) / 2, oz + uz0 + 0.45), M["stone"], bev=0.02)
    geometry.box("UpperHead", (ux1 - ux0, uy1 - uy0, 0.55),
                 (ox + (ux0 + ux1) / 2, oy + (uy0 + uy1) / 2, oz + uz1 - 0.275), M["stone"], bev=0.02)
    for sx in (ux0 + 0.6, ux1 - 0.6):
        geometry.box("UpperJamb", (1.2, uy1 - uy0, uz1 - uz0), (ox + sx, oy + (uy0 + uy1) / 2, oz + (uz0 + uz1) / 2),
                     M["stone"], bev=0.02)
    glass_room(M, o, ux0 + 1.2, ux1 - 1.2, uy0 + 0.05, uy1 - 0.3, uz0 + 0.9, uz1 - 0.55, light=0.8 * lights, seed=3)
    roof_plate(M, o, 4.5, 20.0, 0.2, 10.2, uz1)
    # Low stone garden walls carry the horizontal line out into the landscape.
    geometry.box("WallW", (9, 0.5, 1.1), (ox - 26, oy - 0.5, oz + 0.25), M["stone"], bev=0.02)
    geometry.box("WallE", (8, 0.5, 1.1), (ox + 27, oy - 0.5, oz + 0.25), M["stone"], bev=0.02)
    geometry.box("Base", (48, 14, 1.0), (ox, oy + 5, oz - 0.8), M["stone"], bev=0.02)
    # Uplights grazing the stone core: they show off the ashlar texture at dusk.
    for x in (-2.2, 2.2):
        ld = bpy.data.lights.new("Graze", "SPOT")
        ld.energy = 120 * lights
        ld.spot_size = math.radians(40)
        ld.spot_blend = 0.6
        ld.shadow_soft_size = 0.03
        ld.color = lighting.kelvin(2900)
        s = bpy.data.objects.new("Graze", ld)
        bpy.context.scene.collection.objects.link(s)
        s.location = (ox + x * 0.9, oy - 0.5, oz + 0.1)
        s.rotation_euler = (math.radians(-10), 0, 0)
    return M
