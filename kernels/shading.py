"""Per-pixel shading of first hits: Lambert + ambient with a headlight term, per-face colour,
bilinear texture lookup from a texture atlas, 8-bit sRGB encoding through a lookup table, and contact
shadows by shadow rays toward the light.

Face ids use the renderer's global layout ``[static (Fs) | background (1) | dynamic (Fd)]``; the
static table carries the background as its row ``Fs``; an id outside the layout shades as background. Colours
are linear RGB. Lighting (see ``interactiveworld.render.shading``):
``c = albedo * (ambient * (1 - headlight + headlight * |n.d|) + diffuse * max(0, n_view . l) * vis)``.

Shadow rays: one per ``block`` x ``block`` pixel tile of a face (its top-left pixel), plus one for every lit
pixel whose face differs from its tile's first pixel (pass 1, :func:`shadow_prepare`), plus one for every lit
pixel near which the traced tile corners on its face disagree (pass 2: a shadow edge passes nearby). The passes
trace against the meshes named in :class:`ShadowRays` inline; a mesh left out there (the static scene when
Embree traces it on the host) is traced by the caller between the passes, for the rays still unblocked.
Per-pixel kernels take an ``offset`` (the launch's first pixel), so a frame can run as row bands side by side.
"""
from __future__ import annotations

import numpy as np
import warp as wp

from . import checks

# forward-only kernels (no adjoints to compile); -O3 on the CPU as on CUDA
wp.set_module_options({"enable_backward": False, "optimization_level": 3})
from .raycast import NO_MESH

vec3ub = wp.types.vector(3, wp.uint8)   # one 8-bit sRGB pixel (a single 3-byte store per pixel)


@wp.struct
class FaceTable:
    albedo: wp.array(dtype=wp.vec3)          # (F,) linear RGB
    normal: wp.array(dtype=wp.vec3)          # (F,) unit face normal (zero for the background row)
    n_dot_l: wp.array(dtype=float)           # (F,) normal . light direction
    tex_slot: wp.array(dtype=int)            # (F,) texture slot or -1
    uv: wp.array(dtype=wp.vec2, ndim=2)      # (F, 3) per-corner texture coordinates
    tex_offset: wp.array(dtype=int)          # (S,) first texel of each slot in the atlas
    tex_width: wp.array(dtype=int)           # (S,)
    tex_height: wp.array(dtype=int)          # (S,)
    atlas: wp.array(dtype=wp.vec3)           # all textures' linear texels, row-major, row 0 at the top
    tex_wrap: wp.array(dtype=int)            # (S,) 1: UV tiles (materials), 0: UV clamped to [0, 1] (labels)
    lit: int                                 # 1: the lit model (baked light, materials, tone curve)
    corner_n: wp.array(dtype=wp.vec3, ndim=2)   # (F, 3) unit shading normal per corner (lit model)
    lm_n: wp.array(dtype=int)                # (F,) lightmap grid splits per edge (lit model)
    lm_off: wp.array(dtype=int)              # (F,) first grid point of each face
    lm_e: wp.array(dtype=wp.vec3)            # (P,) irradiance at the grid points, linear RGB
    lm_d: wp.array(dtype=wp.vec3)            # (P,) direct irradiance times its mean direction
    mat: wp.array(dtype=int)                 # (F,) material row, -1 none (face colour), -2 unlit (background)
    mat_rough: wp.array(dtype=float)         # (M,) perceptual roughness
    mat_metal: wp.array(dtype=float)         # (M,) metallic
    mat_opacity: wp.array(dtype=float)       # (M,) opacity
    mat_emissive: wp.array(dtype=wp.vec3)    # (M,) emitted radiance, linear RGB


@wp.struct
class ShadowRays:
    """What the shadow passes trace inline: meshes (``NO_MESH`` to leave one to the caller), the shadow boxes of
    the dynamic mesh's parts (entries 2k and 2k + 1: min and max corner of the region from which a shadow ray can
    meet part k: its bounds swept back along the ray), the unit direction toward the light, the ray length [m],
    the lift of the origin off the surface [m], the image width and height [px] and the tile size [px]."""

    static_mesh: wp.uint64
    dynamic_mesh: wp.uint64
    dyn_boxes: wp.array(dtype=wp.vec3)
    light: wp.vec3
    max_t: float
    eps: float
    width: int
    height: int
    block: int


@wp.func
def texel(tab: FaceTable, slot: int, x: int, y: int) -> wp.vec3:
    w = tab.tex_width[slot]
    h = tab.tex_height[slot]
    xc = wp.clamp(x, 0, w - 1)
    yc = wp.clamp(y, 0, h - 1)
    return tab.atlas[tab.tex_offset[slot] + yc * w + xc]


@wp.func
def sample_bilinear(tab: FaceTable, slot: int, uv: wp.vec2) -> wp.vec3:
    # uv (0, 0) bottom-left, (1, 1) top-right; texel centres at half-integers
    w = float(tab.tex_width[slot])
    h = float(tab.tex_height[slot])
    x = wp.clamp(uv[0], 0.0, 1.0) * w - 0.5
    y = (1.0 - wp.clamp(uv[1], 0.0, 1.0)) * h - 0.5
    x0 = wp.floor(x)
    y0 = wp.floor(y)
    fx = x - x0
    fy = y - y0
    xi = int(x0)
    yi = int(y0)
    top = texel(tab, slot, xi, yi) * (1.0 - fx) + texel(tab, slot, xi + 1, yi) * fx
    bot = texel(tab, slot, xi, yi + 1) * (1.0 - fx) + texel(tab, slot, xi + 1, yi + 1) * fx
    return top * (1.0 - fy) + bot * fy


@wp.func
def texel_wrap(tab: FaceTable, slot: int, x: int, y: int) -> wp.vec3:
    w = tab.tex_width[slot]
    h = tab.tex_height[slot]
    xc = ((x % w) + w) % w
    yc = ((y % h) + h) % h
    return tab.atlas[tab.tex_offset[slot] + yc * w + xc]


@wp.func
def sample_bilinear_wrap(tab: FaceTable, slot: int, uv: wp.vec2) -> wp.vec3:
    """Bilinear lookup of a tiling texture: UV taken modulo 1 (a material's UV in metres repeats its tile)."""
    w = float(tab.tex_width[slot])
    h = float(tab.tex_height[slot])
    x = (uv[0] - wp.floor(uv[0])) * w - 0.5
    y = (1.0 - (uv[1] - wp.floor(uv[1]))) * h - 0.5
    x0 = wp.floor(x)
    y0 = wp.floor(y)
    fx = x - x0
    fy = y - y0
    xi = int(x0)
    yi = int(y0)
    top = texel_wrap(tab, slot, xi, yi) * (1.0 - fx) + texel_wrap(tab, slot, xi + 1, yi) * fx
    bot = texel_wrap(tab, slot, xi, yi + 1) * (1.0 - fx) + texel_wrap(tab, slot, xi + 1, yi + 1) * fx
    return top * (1.0 - fy) + bot * fy


@wp.func
def textured_albedo(tab: FaceTable, f: int, slot: int, u: float, v: float) -> wp.vec3:
    uv = tab.uv[f, 0] * (1.0 - u - v) + tab.uv[f, 1] * u + tab.uv[f, 2] * v
    if tab.tex_wrap[slot] != 0:
        return sample_bilinear_wrap(tab, slot, uv)
    return sample_bilinear(tab, slot, uv)


@wp.func
def face_light(tab: FaceTable, f: int, d: wp.vec3) -> wp.vec3:
    """(max(0, n_view . l), |n . d|, side) of face ``f`` seen along ``d`` (side -1 for a back face)."""
    n = tab.normal[f]
    nd = wp.dot(n, d)
    side = float(1.0)
    if nd > 0.0:
        side = -1.0   # back face seen: shade the side facing the camera
    return wp.vec3(wp.max(side * tab.n_dot_l[f], 0.0), wp.abs(nd), side)


@wp.func
def block_rep(row: int, col: int, width: int, block: int) -> int:
    return (row - row % block) * width + (col - col % block)


@wp.func
def table_row(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, f: int) -> int:
    """The row of global face id ``f`` in its table: >= 0 static (the background at ``static_count``), < 0 the
    dynamic row ``-1 - row``; an id outside the layout maps to the background."""
    if f >= 0 and f <= static_count:
        return f
    k = f - static_count - 1
    if k >= 0 and k < dynamic_tab.albedo.shape[0]:
        return -1 - k
    return static_count


@wp.func
def pixel_light(static_tab: FaceTable, dynamic_tab: FaceTable, row: int, d: wp.vec3):
    """(:func:`face_light`, face normal) of a table row from :func:`table_row`."""
    if row >= 0:
        return face_light(static_tab, row, d), static_tab.normal[row]
    return face_light(dynamic_tab, -1 - row, d), dynamic_tab.normal[-1 - row]


@wp.func
def shadow_blocked(rays: ShadowRays, o: wp.vec3) -> int:
    """1 when the shadow ray from ``o`` meets a mesh traced inline. The dynamic mesh is queried only for an origin
    inside the shadow box of one of its parts: a ray from anywhere else cannot reach it."""
    hit = int(0)
    if rays.static_mesh != NO_MESH:
        if wp.mesh_query_ray_anyhit(rays.static_mesh, o, rays.light, rays.max_t):
            hit = 1
    if hit == 0 and rays.dynamic_mesh != NO_MESH:
        near = int(0)
        for k in range(rays.dyn_boxes.shape[0] / 2):
            lo = rays.dyn_boxes[2 * k]
            hi = rays.dyn_boxes[2 * k + 1]
            if o[0] >= lo[0] and o[0] <= hi[0] and o[1] >= lo[1] and o[1] <= hi[1] and o[2] >= lo[2] and o[2] <= hi[2]:
                near = 1
                break
        if near != 0:
            if wp.mesh_query_ray_anyhit(rays.dynamic_mesh, o, rays.light, rays.max_t):
                hit = 1
    return hit


@wp.kernel
def shadow_prepare_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                          face: wp.array(dtype=int), t: wp.array(dtype=float), dirs: wp.array(dtype=wp.vec3),
                          eye: wp.vec3, near: float, rays: ShadowRays, offset: int,
                          ndl_out: wp.array(dtype=float), shadow_origin_out: wp.array(dtype=wp.vec3),
                          need_ray_out: wp.array(dtype=wp.int8), blocked_out: wp.array(dtype=wp.int8)):
    """Pass 1, per pixel: max(0, n_view . l), the shadow-ray origin (the hit point lifted by ``eps`` off the
    face toward the camera side), whether this pixel traces its own shadow ray (the top-left pixel of each tile,
    and any lit pixel whose face differs from that pixel's face; the others reuse its answer), and that ray's
    answer against the meshes traced inline."""
    i = wp.tid() + offset
    f = face[i]
    d = dirs[i]
    lt, n = pixel_light(static_tab, dynamic_tab, table_row(static_tab, dynamic_tab, static_count, f), d)
    ndl_out[i] = lt[0]
    need = int(0)
    hit = int(0)
    if lt[0] > 0.0:
        o = eye + d * (near + t[i]) + n * (lt[2] * rays.eps)
        shadow_origin_out[i] = o
        row = i / rays.width
        rep = block_rep(row, i - row * rays.width, rays.width, rays.block)
        if rep == i or face[rep] != f:
            need = 1
            hit = shadow_blocked(rays, o)
    need_ray_out[i] = wp.int8(need)
    blocked_out[i] = wp.int8(hit)


@wp.func
def near_shadow_edge(face: wp.array(dtype=int), need_ray: wp.array(dtype=wp.int8), blocked: wp.array(dtype=wp.int8),
                     i: int, width: int, height: int, block: int) -> int:
    """1 when the traced corners of pixel ``i``'s tile (and of the next tiles right and below) that lie on its
    face disagree: a shadow edge passes nearby."""
    row = i / width
    col = i - row * width
    r0 = row - row % block
    c0 = col - col % block
    ref = blocked[r0 * width + c0]
    edge = int(0)
    for k in range(4):
        rr = r0 + block * (k / 2)
        cc = c0 + block * (k % 2)
        if rr < height and cc < width:
            j = rr * width + cc
            if face[j] == face[i] and need_ray[j] != wp.int8(0) and blocked[j] != ref:
                edge = 1
    return edge


@wp.kernel
def shadow_refine_kernel(face: wp.array(dtype=int), ndl: wp.array(dtype=float), need_ray: wp.array(dtype=wp.int8),
                         blocked: wp.array(dtype=wp.int8), shadow_origin: wp.array(dtype=wp.vec3),
                         rays: ShadowRays, offset: int,
                         need_ray_out: wp.array(dtype=wp.int8), blocked_out: wp.array(dtype=wp.int8)):
    """Pass 2: a lit pixel without its own ray traces one when :func:`near_shadow_edge`, so edges keep full
    resolution; its answer against the meshes traced inline."""
    i = wp.tid() + offset
    need = int(0)
    hit = int(0)
    if ndl[i] > 0.0 and need_ray[i] == wp.int8(0):
        need = near_shadow_edge(face, need_ray, blocked, i, rays.width, rays.height, rays.block)
        if need != 0:
            hit = shadow_blocked(rays, shadow_origin[i])
    need_ray_out[i] = wp.int8(need)
    blocked_out[i] = wp.int8(hit)


LUT_SIZE = 4096   # entries of the sRGB encoding table (interactiveworld.render.shading.ENCODE_LUT)
_LUT_TOP = wp.constant(float(LUT_SIZE - 1))


@wp.func
def srgb8(lut: wp.array(dtype=wp.uint8), x: float) -> wp.uint8:
    return lut[int(wp.clamp(x * _LUT_TOP + 0.5, 0.0, _LUT_TOP))]


@wp.func
def surface(tab: FaceTable, f: int, d: wp.vec3, u: float, v: float):
    """(albedo, :func:`face_light`) of face ``f`` hit at barycentrics (u, v) along ``d``: the face
    colour, or its texture where it has one."""
    a = tab.albedo[f]
    slot = tab.tex_slot[f]
    if slot >= 0:
        a = textured_albedo(tab, f, slot, u, v)
    return a, face_light(tab, f, d)


@wp.func
def pixel_surface(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, f: int, d: wp.vec3, u: float,
                  v: float):
    """:func:`surface` of global face id ``f`` (static, background row, or dynamic)."""
    row = table_row(static_tab, dynamic_tab, static_count, f)
    if row >= 0:
        return surface(static_tab, row, d, u, v)
    return surface(dynamic_tab, -1 - row, d, u, v)


@wp.func
def encode(a: wp.vec3, lt: wp.vec3, lit: float, ambient: float, diffuse: float, headlight: float,
           lut: wp.array(dtype=wp.uint8)) -> vec3ub:
    c = a * (ambient * (1.0 - headlight + headlight * lt[1]) + diffuse * lit)
    return vec3ub(srgb8(lut, c[0]), srgb8(lut, c[1]), srgb8(lut, c[2]))


EXPOSURE = 0.75
"""Scale of scene radiance before the tone curve (the bake's relative units put a lit white wall near 1)."""
SHADOW_DIM = 0.45
"""Fraction of baked light left where a moving mesh shadows a surface (its contact shadow: the bake holds the
static shadows, the frame adds those of the meshes that move)."""
_EXPOSURE = wp.constant(EXPOSURE)
_SHADOW_DIM = wp.constant(SHADOW_DIM)
_MAX_SPEC_POWER = wp.constant(400.0)


@wp.func
def aces_filmic(x: float) -> float:
    """Narkowicz 2015, "ACES Filmic Tone Mapping Curve": x (2.51 x + 0.03) / (x (2.43 x + 0.59) + 0.14), clamped
    to [0, 1]; a fit of the ACES reference rendering transform that rolls highlights off instead of clipping."""
    x = wp.max(x, 0.0)
    return wp.clamp(x * (2.51 * x + 0.03) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)


@wp.func
def lm_index(off: int, n: int, i: int, j: int) -> int:
    return off + i * (n + 1) - (i * (i - 1)) / 2 + j


@wp.func
def lightmap(tab: FaceTable, f: int, u: float, v: float):
    """(irradiance, direct light) of face ``f`` at barycentrics (u, v): linear inside the cell of the face's
    n x n lightmap grid that the point falls in (:func:`interactiveworld.render.lightbake.bake_lightmap`)."""
    n = tab.lm_n[f]
    off = tab.lm_off[f]
    x = u * float(n)
    y = v * float(n)
    i = wp.clamp(int(wp.floor(x)), 0, n - 1)
    j = wp.clamp(int(wp.floor(y)), 0, n - 1 - i)
    fx = x - float(i)
    fy = y - float(j)
    a = lm_index(off, n, i, j)
    b = lm_index(off, n, i + 1, j)
    c = lm_index(off, n, i, j + 1)
    wa = 1.0 - fx - fy
    wb = fx
    wc = fy
    if fx + fy > 1.0 and i + j <= n - 2:   # the cell's second triangle
        a = lm_index(off, n, i + 1, j)
        b = lm_index(off, n, i + 1, j + 1)
        wa = 1.0 - fy
        wb = fx + fy - 1.0
        wc = 1.0 - fx
    e = tab.lm_e[a] * wa + tab.lm_e[b] * wb + tab.lm_e[c] * wc
    dd = tab.lm_d[a] * wa + tab.lm_d[b] * wb + tab.lm_d[c] * wc
    return e, dd


@wp.func
def lit_surface(tab: FaceTable, f: int, d: wp.vec3, u: float, v: float, shadowed: int) -> wp.vec3:
    """Scene radiance (linear RGB, before the tone curve) of face ``f`` at barycentrics (u, v) seen along ``d``.

    Albedo: the face colour, or the material's base colour times its texture, or a label's texture. Diffuse:
    ``albedo (1 - metallic) E`` with E the baked irradiance interpolated in the face's lightmap grid. Specular: a
    normalised Blinn-Phong lobe (Blinn 1977; normalisation (s + 8) / (8 pi), Akenine-Moller et al., *Real-Time
    Rendering* 3rd ed. 7.6; faces with a material only) toward the dominant direction of the direct light, exponent ``s = 2 / alpha^2 - 2``
    with ``alpha = roughness^2`` (Walter et al. 2007; Karis 2013), Schlick's Fresnel (1994) with F0 = 0.04 for
    dielectrics and the albedo for metals; the surroundings are mirrored as the irradiance itself, weighted by
    Schlick's Fresnel at n . v and ``1 - roughness / 2`` (a split-sum-like environment term, Karis 2013). Glass (opacity < 1) keeps ``opacity`` of its diffuse light and shows
    the rest as its tint under the ambient part of the light. Emissive radiance is added last."""
    w0 = 1.0 - u - v
    a = tab.albedo[f]
    m = tab.mat[f]
    slot = tab.tex_slot[f]
    if slot >= 0:
        t = textured_albedo(tab, f, slot, u, v)
        if m >= 0:
            a = wp.cw_mul(a, t)
        else:
            a = t
    if m == -2:
        return a
    n = tab.corner_n[f, 0] * w0 + tab.corner_n[f, 1] * u + tab.corner_n[f, 2] * v
    ln = wp.length(n)
    if ln > 1.0e-8:
        n = n / ln
    else:
        n = tab.normal[f]
    if wp.dot(n, d) > 0.0:
        n = -n    # two-sided: the side facing the camera
    e, dd = lightmap(tab, f, u, v)
    if shadowed != 0:
        e = e * _SHADOW_DIM
        dd = dd * _SHADOW_DIM
    rough = float(0.7)
    metal = float(0.0)
    opacity = float(1.0)
    emit = wp.vec3(0.0, 0.0, 0.0)
    if m >= 0:
        rough = tab.mat_rough[m]
        metal = tab.mat_metal[m]
        opacity = tab.mat_opacity[m]
        emit = tab.mat_emissive[m]
    c = wp.cw_mul(a, e) * (1.0 - metal)
    if m >= 0:   # the surroundings mirrored: irradiance as the environment's radiance, Schlick at n . v
        fv = wp.pow(1.0 - wp.max(-wp.dot(n, d), 0.0), 5.0) * (1.0 - rough)
        f0e = wp.vec3(0.04, 0.04, 0.04) * (1.0 - metal) + a * metal
        c = c + wp.cw_mul(f0e + (wp.vec3(1.0, 1.0, 1.0) - f0e) * fv, e) * (1.0 - 0.5 * rough)
    ld = wp.length(dd)
    if ld > 1.0e-6 and m >= 0:   # a face without a material (a plain face colour) is diffuse only
        l = dd / ld
        vdir = -d
        nl = wp.dot(n, l)
        if nl > 0.0:
            h = wp.normalize(l + vdir)
            nh = wp.max(wp.dot(n, h), 0.0)
            alpha = wp.max(rough * rough, 0.05)
            s = wp.min(2.0 / (alpha * alpha) - 2.0, _MAX_SPEC_POWER)
            vh = wp.max(wp.dot(vdir, h), 0.0)
            fres = wp.pow(1.0 - vh, 5.0)
            f0 = wp.vec3(0.04, 0.04, 0.04) * (1.0 - metal) + a * metal
            fr = f0 + (wp.vec3(1.0, 1.0, 1.0) - f0) * fres
            lobe = (s + 8.0) / (8.0 * 3.14159265) * wp.pow(nh, s) * ld
            c = c + fr * lobe
    if opacity < 1.0:
        c = c * opacity + wp.cw_mul(a, e) * (0.6 * (1.0 - opacity))
    return c + emit


@wp.func
def tone_encode(c: wp.vec3, lut: wp.array(dtype=wp.uint8)) -> vec3ub:
    return vec3ub(srgb8(lut, aces_filmic(c[0] * _EXPOSURE)), srgb8(lut, aces_filmic(c[1] * _EXPOSURE)),
                  srgb8(lut, aces_filmic(c[2] * _EXPOSURE)))


@wp.func
def table_rgb(tab: FaceTable, f: int, d: wp.vec3, u: float, v: float, lit: float, ambient: float, diffuse: float,
              headlight: float, lut: wp.array(dtype=wp.uint8)) -> vec3ub:
    """The 8-bit pixel of face ``f`` of one table: the Lambert model (``lit`` = the unshadowed n . l or 0) or
    the lit model (shadowed by a moving mesh where n . l > 0 but ``lit`` is 0; the background row unlit)."""
    if tab.lit == 0:
        a, lt = surface(tab, f, d, u, v)
        return encode(a, lt, lit, ambient, diffuse, headlight, lut)
    lt = face_light(tab, f, d)
    shadowed = int(0)
    if lt[0] > 0.0 and lit <= 0.0:
        shadowed = 1
    c = lit_surface(tab, f, d, u, v, shadowed)
    if tab.mat[f] == -2:
        return vec3ub(srgb8(lut, c[0]), srgb8(lut, c[1]), srgb8(lut, c[2]))
    return tone_encode(c, lut)


@wp.func
def pixel_rgb(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, f: int, d: wp.vec3, u: float,
              v: float, lit: float, ambient: float, diffuse: float, headlight: float,
              lut: wp.array(dtype=wp.uint8)) -> vec3ub:
    """:func:`table_rgb` of global face id ``f``."""
    row = table_row(static_tab, dynamic_tab, static_count, f)
    if row >= 0:
        return table_rgb(static_tab, row, d, u, v, lit, ambient, diffuse, headlight, lut)
    return table_rgb(dynamic_tab, -1 - row, d, u, v, lit, ambient, diffuse, headlight, lut)


@wp.kernel
def shade_shadowed_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                          face: wp.array(dtype=int), u: wp.array(dtype=float), v: wp.array(dtype=float),
                          dirs: wp.array(dtype=wp.vec3), ndl: wp.array(dtype=float),
                          need_ray: wp.array(dtype=wp.int8), blocked: wp.array(dtype=wp.int8),
                          need_ray2: wp.array(dtype=wp.int8), blocked2: wp.array(dtype=wp.int8),
                          width: int, block: int, ambient: float, diffuse: float, headlight: float,
                          lut: wp.array(dtype=wp.uint8), offset: int, rgb_out: wp.array(dtype=vec3ub)):
    """:func:`shade_kernel` with the shadow answers resolved in the same pass:
    a lit pixel is shadowed by its own ray (first or second pass) or else its tile's top-left pixel's."""
    i = wp.tid() + offset
    lit = ndl[i]
    if lit > 0.0:
        b = wp.int8(0)
        if need_ray[i] != wp.int8(0):
            b = blocked[i]
        elif need_ray2[i] != wp.int8(0):
            b = blocked2[i]
        else:
            row = i / width
            b = blocked[block_rep(row, i - row * width, width, block)]
        if b != wp.int8(0):
            lit = 0.0
    rgb_out[i] = pixel_rgb(static_tab, dynamic_tab, static_count, face[i], dirs[i], u[i], v[i], lit, ambient,
                           diffuse, headlight, lut)


@wp.kernel
def shade_refined_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                         face: wp.array(dtype=int), u: wp.array(dtype=float), v: wp.array(dtype=float),
                         dirs: wp.array(dtype=wp.vec3), ndl: wp.array(dtype=float),
                         need_ray: wp.array(dtype=wp.int8), blocked: wp.array(dtype=wp.int8),
                         shadow_origin: wp.array(dtype=wp.vec3), rays: ShadowRays, ambient: float, diffuse: float,
                         headlight: float, lut: wp.array(dtype=wp.uint8), offset: int,
                         rgb_out: wp.array(dtype=vec3ub)):
    """Pass 2 and shading in one launch, for engines that trace every mesh inline: a lit pixel without its own
    pass-1 ray traces one where :func:`near_shadow_edge` (nothing else reads that answer), else takes its tile's;
    the same image as :func:`shadow_refine_kernel` followed by :func:`shade_shadowed_kernel`."""
    i = wp.tid() + offset
    lit = ndl[i]
    if lit > 0.0:
        b = int(0)
        if need_ray[i] != wp.int8(0):
            b = int(blocked[i])
        elif near_shadow_edge(face, need_ray, blocked, i, rays.width, rays.height, rays.block) != 0:
            b = shadow_blocked(rays, shadow_origin[i])
        else:
            row = i / rays.width
            b = int(blocked[block_rep(row, i - row * rays.width, rays.width, rays.block)])
        if b != 0:
            lit = 0.0
    rgb_out[i] = pixel_rgb(static_tab, dynamic_tab, static_count, face[i], dirs[i], u[i], v[i], lit, ambient,
                           diffuse, headlight, lut)


@wp.kernel
def shade_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                 face: wp.array(dtype=int), u: wp.array(dtype=float), v: wp.array(dtype=float),
                 dirs: wp.array(dtype=wp.vec3), shadowed: wp.array(dtype=wp.int8), use_shadows: int,
                 ambient: float, diffuse: float, headlight: float, lut: wp.array(dtype=wp.uint8), offset: int,
                 rgb_out: wp.array(dtype=vec3ub)):
    """Per pixel: albedo (face colour or texture) times light, encoded to 8-bit sRGB by ``lut``."""
    i = wp.tid() + offset
    f = face[i]
    d = dirs[i]
    lt, n = pixel_light(static_tab, dynamic_tab, table_row(static_tab, dynamic_tab, static_count, f), d)
    ndl = lt[0]
    if use_shadows != 0:
        if shadowed[i] != wp.int8(0):
            ndl = 0.0
    rgb_out[i] = pixel_rgb(static_tab, dynamic_tab, static_count, f, d, u[i], v[i], ndl, ambient, diffuse,
                           headlight, lut)


def make_face_table(albedo: np.ndarray, normal: np.ndarray, n_dot_l: np.ndarray, tex_slot: np.ndarray,
                    uv: np.ndarray, textures: list[np.ndarray], *, device, lit: dict | None = None,
                    tex_wrap=None) -> FaceTable:
    """A :class:`FaceTable` on ``device`` from per-face arrays and linear textures (H, W, 3) float32.

    Shapes: albedo, normal (F, 3) float32; n_dot_l (F,) float32; tex_slot (F,) int32 (-1 or an
    index into ``textures``); uv (F, 3, 2) float32; F >= 1 (Warp arrays are never empty here).
    ``tex_wrap`` (S,) bool: textures that tile (UV modulo 1; default none). ``lit`` (the lit model; None: the
    Lambert model) holds ``corner_n`` (F, 3, 3) float32 unit normals per corner, the light as either a lightmap
    (``lm_n``, ``lm_off``, ``lm_e``, ``lm_d``, as :func:`interactiveworld.render.lightbake.bake_lightmap` returns)
    or ``corner_e``, ``corner_d`` (F, 3, 3) float32 (irradiance, direction-weighted direct irradiance per
    corner: one grid cell per face), ``mat`` (F,) int32 (-2, -1 or a row of the material
    arrays), ``rough``, ``metal``, ``opacity`` (M,) float32 and ``emissive`` (M, 3) float32, M >= 1.

    Raises:
        ValueError: mis-shaped or non-finite arrays, an empty table, a slot outside [-1, len(textures)), a texture
            that is not a non-empty (H, W, 3) array of finite values.
    """
    f = len(albedo) if hasattr(albedo, "__len__") else -1
    if f < 1:
        raise ValueError("make_face_table: albedo expected (F, 3) with F >= 1")
    for name, arr, shape in (("albedo", albedo, (f, 3)), ("normal", normal, (f, 3)), ("n_dot_l", n_dot_l, (f,)),
                             ("uv", uv, (f, 3, 2))):
        checks.finite(f"make_face_table: {name}", arr, shape, np.float32)
    slot = np.asarray(tex_slot)
    if slot.shape != (f,) or not np.issubdtype(slot.dtype, np.integer):
        raise ValueError(f"make_face_table: tex_slot expected ({f},) int32, got {slot.shape} {slot.dtype}")
    textures = list(textures)
    if f and (slot.min() < -1 or slot.max() >= len(textures)):
        raise ValueError(f"make_face_table: tex_slot must be -1 or in [0, {len(textures)}), "
                         f"got {slot.min()}..{slot.max()}")
    for k, tex in enumerate(textures):
        shape = np.shape(tex)
        if len(shape) != 3 or shape[2] != 3 or shape[0] < 1 or shape[1] < 1:
            raise ValueError(f"make_face_table: textures[{k}] expected (H, W, 3), got {shape}")
        checks.finite(f"make_face_table: textures[{k}]", tex, None, np.float32)
    tab = FaceTable()
    tab.albedo = wp.array(np.ascontiguousarray(albedo, np.float32), dtype=wp.vec3, device=device)
    tab.normal = wp.array(np.ascontiguousarray(normal, np.float32), dtype=wp.vec3, device=device)
    tab.n_dot_l = wp.array(np.ascontiguousarray(n_dot_l, np.float32), dtype=float, device=device)
    tab.tex_slot = wp.array(np.ascontiguousarray(slot, np.int32), dtype=int, device=device)
    tab.uv = wp.array(np.ascontiguousarray(uv, np.float32).reshape(f, 3, 2), dtype=wp.vec2, device=device)
    sizes = [t.shape[0] * t.shape[1] for t in textures]
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int32) if sizes else np.zeros(1, np.int32)
    atlas = (np.concatenate([np.reshape(t, (-1, 3)) for t in textures]) if textures else np.zeros((1, 3)))
    tab.tex_offset = wp.array(offsets, dtype=int, device=device)
    tab.tex_width = wp.array(np.array([t.shape[1] for t in textures] or [1], np.int32), dtype=int, device=device)
    tab.tex_height = wp.array(np.array([t.shape[0] for t in textures] or [1], np.int32), dtype=int, device=device)
    tab.atlas = wp.array(np.ascontiguousarray(atlas, np.float32), dtype=wp.vec3, device=device)
    wrap = np.zeros(max(len(textures), 1), np.int32)
    if tex_wrap is not None:
        w = np.asarray(tex_wrap, bool).reshape(-1)
        if w.shape != (len(textures),):
            raise ValueError(f"make_face_table: tex_wrap expected ({len(textures)},) bool, got {w.shape}")
        wrap[:len(w)] = w
    tab.tex_wrap = wp.array(wrap, dtype=int, device=device)
    _set_lit(tab, f, lit, device)
    return tab


def _set_lit(tab: FaceTable, f: int, lit: dict | None, device) -> None:
    if lit is None:
        tab.lit = 0
        lit = {"corner_n": np.zeros((1, 3, 3)), "corner_e": np.zeros((1, 3, 3)), "corner_d": np.zeros((1, 3, 3)),
               "mat": np.full(1, -1), "rough": np.ones(1), "metal": np.zeros(1), "opacity": np.ones(1),
               "emissive": np.zeros((1, 3))}
        f = 1
    else:
        tab.lit = 1
    checks.finite("make_face_table: lit['corner_n']", lit["corner_n"], (f, 3, 3), np.float32)
    if "lm_e" in lit:
        lm = {k: lit[k] for k in ("lm_n", "lm_off", "lm_e", "lm_d")}
    else:
        for k in ("corner_e", "corner_d"):
            checks.finite(f"make_face_table: lit[{k!r}]", lit[k], (f, 3, 3), np.float32)
        lm = _corner_lightmap(lit["corner_e"], lit["corner_d"])
    n, off = np.asarray(lm["lm_n"]), np.asarray(lm["lm_off"])
    p = len(np.asarray(lm["lm_e"]))
    if n.shape != (f,) or off.shape != (f,) or (f and (n.min() < 1 or off.min() < 0 or
                                                     (off + (n + 1) * (n + 2) // 2).max() > p)):
        raise ValueError(f"make_face_table: lightmap lm_n, lm_off expected ({f},) with every face's grid inside "
                         f"the {p} points")
    for k in ("lm_e", "lm_d"):
        checks.finite(f"make_face_table: lit[{k!r}]", lm[k], (p, 3), np.float32)
    mat = np.asarray(lit["mat"])
    m = len(np.asarray(lit["rough"]).reshape(-1))
    if mat.shape != (f,) or (f and (mat.min() < -2 or mat.max() >= m)):
        raise ValueError(f"make_face_table: lit['mat'] expected ({f},) int in [-2, {m}), got {mat.shape}")
    for k in ("rough", "metal", "opacity"):
        checks.finite(f"make_face_table: lit[{k!r}]", lit[k], (m,), np.float32)
    checks.finite("make_face_table: lit['emissive']", lit["emissive"], (m, 3), np.float32)
    tab.corner_n = wp.array(np.ascontiguousarray(lit["corner_n"], np.float32), dtype=wp.vec3, device=device)
    tab.lm_n = wp.array(np.ascontiguousarray(n, np.int32), dtype=int, device=device)
    tab.lm_off = wp.array(np.ascontiguousarray(off, np.int32), dtype=int, device=device)
    tab.lm_e = wp.array(np.ascontiguousarray(lm["lm_e"], np.float32).reshape(-1, 3), dtype=wp.vec3, device=device)
    tab.lm_d = wp.array(np.ascontiguousarray(lm["lm_d"], np.float32).reshape(-1, 3), dtype=wp.vec3, device=device)
    tab.mat = wp.array(np.ascontiguousarray(mat, np.int32), dtype=int, device=device)
    for k, name in (("rough", "mat_rough"), ("metal", "mat_metal"), ("opacity", "mat_opacity")):
        setattr(tab, name, wp.array(np.ascontiguousarray(lit[k], np.float32), dtype=float, device=device))
    tab.mat_emissive = wp.array(np.ascontiguousarray(lit["emissive"], np.float32), dtype=wp.vec3, device=device)


def _corner_lightmap(corner_e, corner_d) -> dict:
    """One grid cell per face (n = 1): the corners in grid order (corner 0, corner 2, corner 1)."""
    e, d = np.asarray(corner_e, np.float32), np.asarray(corner_d, np.float32)
    f = len(e)
    return {"lm_n": np.ones(f, np.int32), "lm_off": (3 * np.arange(f)).astype(np.int32),
            "lm_e": e[:, [0, 2, 1]].reshape(-1, 3), "lm_d": d[:, [0, 2, 1]].reshape(-1, 3)}


def update_face_light(tab: FaceTable, corner_n: np.ndarray, corner_e: np.ndarray, corner_d: np.ndarray) -> None:
    """Replaces the corner normals, irradiance and direct light (F, 3, 3) of a lit-model table in place (its
    faces moved; colours, materials and textures unchanged).

    Raises:
        ValueError: a table of the Lambert model, or arrays of another shape or with non-finite values.
    """
    _check_table("tab", tab, None)
    if tab.lit == 0:
        raise ValueError("update_face_light: the table is of the Lambert model (no corner light)")
    f = tab.albedo.shape[0]
    if tab.lm_e.shape[0] != 3 * f:
        raise ValueError("update_face_light: the table's lightmap is not one cell per face")
    tab.corner_n.assign(np.ascontiguousarray(checks.finite("corner_n", corner_n, (f, 3, 3), np.float32)))
    lm = _corner_lightmap(checks.finite("corner_e", corner_e, (f, 3, 3), np.float32),
                          checks.finite("corner_d", corner_d, (f, 3, 3), np.float32))
    tab.lm_e.assign(np.ascontiguousarray(lm["lm_e"]))
    tab.lm_d.assign(np.ascontiguousarray(lm["lm_d"]))


@wp.func
def is_edge(face: wp.array(dtype=int), t: wp.array(dtype=float), i: int, j: int) -> int:
    """1 when pixels i and j see different surfaces: another face at a depth that differs by more than 2 % (a
    silhouette), or one of them the background; two triangles of one flat quad (a label) are no edge."""
    if face[i] == face[j]:
        return 0
    ti = t[i]
    tj = t[j]
    if wp.abs(ti - tj) > 0.02 * wp.min(ti, tj) + 0.005:
        return 1
    return 0


@wp.func
def blend_px(acc: wp.vec3, p: vec3ub, w: float) -> wp.vec3:
    return acc + wp.vec3(float(p[0]), float(p[1]), float(p[2])) * w


@wp.kernel
def edge_aa_kernel(rgb: wp.array(dtype=vec3ub), face: wp.array(dtype=int), t: wp.array(dtype=float), width: int,
                   height: int, offset: int, rgb_out: wp.array(dtype=vec3ub)):
    """Anti-aliasing of silhouettes (a post pass in the spirit of FXAA, Lottes 2009, restricted to depth edges
    found from the first hits instead of luma): a pixel next to a silhouette in its 4-neighbourhood takes half its
    own colour and half the mean of the neighbours across the silhouette; every other pixel (texture detail,
    printed text) is copied unchanged."""
    i = wp.tid() + offset
    row = i / width
    col = i - row * width
    acc = wp.vec3(0.0, 0.0, 0.0)
    k = float(0.0)
    if col > 0:
        if is_edge(face, t, i, i - 1) != 0:
            acc = blend_px(acc, rgb[i - 1], 1.0)
            k = k + 1.0
    if col < width - 1:
        if is_edge(face, t, i, i + 1) != 0:
            acc = blend_px(acc, rgb[i + 1], 1.0)
            k = k + 1.0
    if row > 0:
        if is_edge(face, t, i, i - width) != 0:
            acc = blend_px(acc, rgb[i - width], 1.0)
            k = k + 1.0
    if row < height - 1:
        if is_edge(face, t, i, i + width) != 0:
            acc = blend_px(acc, rgb[i + width], 1.0)
            k = k + 1.0
    if k > 0.0:
        c = blend_px(acc * (0.5 / k), rgb[i], 0.5)
        rgb_out[i] = vec3ub(wp.uint8(int(c[0] + 0.5)), wp.uint8(int(c[1] + 0.5)), wp.uint8(int(c[2] + 0.5)))
    else:
        rgb_out[i] = rgb[i]


def edge_aa(rgb, face, t, width: int, *, device, out=None, rows=None):
    """Launch :func:`edge_aa_kernel` over rows [r0, r1) (all by default) of an image ``width`` pixels wide;
    returns the anti-aliased (N,) ``vec3ub`` wp array. Reads neighbouring rows: run after every band is shaded.

    Raises:
        ValueError / TypeError: arrays of the wrong type, length or device.
    """
    n = _pixels("rgb", rgb, vec3ub, None, device)
    _pixels("face", face, wp.int32, n, device)
    _pixels("t", t, wp.float32, n, device)
    width = checks.whole("width", width, 1)
    res = _buffer(out, n, vec3ub, device)
    i0, i1 = _band(rows, n, width)
    _launch(edge_aa_kernel, i0, i1, [rgb, face, t, width, n // width], [res], device)
    return res


def update_face_normals(tab: FaceTable, normal: np.ndarray, n_dot_l: np.ndarray) -> None:
    """Replaces the normals (F, 3) and n . l (F,) of a table in place (its faces moved; colours, texture slots
    and texture coordinates unchanged).

    Raises:
        ValueError: arrays of another length than the table, or non-finite values.
    """
    _check_table("tab", tab, None)
    f = tab.albedo.shape[0]
    tab.normal.assign(np.ascontiguousarray(checks.finite("normal", normal, (f, 3), np.float32)))
    tab.n_dot_l.assign(np.ascontiguousarray(checks.finite("n_dot_l", n_dot_l, (f,), np.float32)))


def shadow_rays(static_mesh, dynamic_mesh, light, max_t: float, eps: float, width: int, height: int, block: int,
                *, device, dyn_parts=None) -> ShadowRays:
    """The :class:`ShadowRays` of a frame.

    Args:
        static_mesh, dynamic_mesh: ``wp.Mesh`` on ``device`` to trace inline, or None (left to the caller).
        light: (3,) unit direction toward the light; max_t: shadow ray length [m] > 0; eps: origin lift [m] >= 0.
        width, height: image size [px]; block: tile size [px] >= 1.
        dyn_parts: (M, 2, 3) (min, max) corners [m] of the dynamic mesh's parts (every triangle inside one; default:
            one part, the mesh's own bounds). Each is swept back along the ray (and grown by 1 mm, so float
            rounding never drops a hit) into its shadow box.

    Raises:
        ValueError / TypeError: a bad mesh, light, length, size or part bounds.
    """
    static_mesh = checks.mesh_or_none("static_mesh", static_mesh, device)
    dynamic_mesh = checks.mesh_or_none("dynamic_mesh", dynamic_mesh, device)
    light = checks.vec3("light", light)
    if abs(float(np.linalg.norm(light)) - 1.0) > 1e-3:
        raise ValueError(f"light: expected a unit vector, got length {np.linalg.norm(light):.4f}")
    r = ShadowRays()
    r.static_mesh = wp.uint64(0) if static_mesh is None else static_mesh.id
    r.dynamic_mesh = wp.uint64(0) if dynamic_mesh is None else dynamic_mesh.id
    r.max_t = checks.positive("max_t", max_t)
    if dyn_parts is None:
        pts = dynamic_mesh.points.numpy() if dynamic_mesh is not None else np.zeros((1, 3), np.float32)
        dyn_parts = np.stack([pts.min(axis=0), pts.max(axis=0)])[None]
    parts = checks.finite("dyn_parts", dyn_parts, (None, 2, 3), np.float64)
    if len(parts) == 0:
        parts = np.zeros((1, 2, 3))
    back = -np.asarray(light, np.float64) * r.max_t
    lo = np.minimum(parts[:, 0], parts[:, 0] + back) - 1e-3
    hi = np.maximum(parts[:, 1], parts[:, 1] + back) + 1e-3
    r.dyn_boxes = wp.array(np.stack([lo, hi], axis=1).reshape(-1, 3).astype(np.float32), dtype=wp.vec3, device=device)
    r.light = wp.vec3(*light)
    r.eps = checks.positive("eps", eps, allow_zero=True)
    r.width, r.height = checks.whole("width", width, 1), checks.whole("height", height, 1)
    r.block = checks.whole("block", block, 1)
    return r


def _check_lut(lut, device) -> None:
    checks.wp_array("lut (sRGB lookup table)", lut, wp.uint8, LUT_SIZE, device)


def _check_table(name: str, tab, device) -> None:
    if not isinstance(tab, FaceTable.cls):
        raise TypeError(f"{name}: expected a kernels.shading.FaceTable, got {type(tab).__name__}")
    f = tab.albedo.shape[0] if tab.albedo is not None else 0
    for k in ("normal", "n_dot_l", "tex_slot", "uv"):
        a = getattr(tab, k)
        if a is None or a.shape[0] != f or f < 1:
            raise ValueError(f"{name}.{k}: expected {f} rows like albedo (F >= 1), got "
                             f"{None if a is None else a.shape}")
    if device is not None and tab.albedo.device != wp.get_device(device):
        raise ValueError(f"{name}: the table lives on {tab.albedo.device}, the launch on {wp.get_device(device)}")


def _check_tables(static_tab, dynamic_tab, static_count, device) -> int:
    _check_table("static_tab", static_tab, device)
    _check_table("dynamic_tab", dynamic_tab, device)
    fs = checks.whole("static_count", static_count)
    if static_tab.albedo.shape[0] != fs + 1:
        raise ValueError(f"static_tab: expected static_count + 1 = {fs + 1} rows (faces and background), "
                         f"got {static_tab.albedo.shape[0]}")
    return fs


def _pixels(name: str, a, dtype, n: int | None, device) -> int:
    return checks.wp_array(name, a, dtype, n, device).shape[0]


def _band(rows, n: int, width: int) -> tuple[int, int]:
    """Pixel range [i0, i1) of the row band ``rows`` = (r0, r1) of an image ``width`` wide and n pixels."""
    width = checks.whole("width", width, 1)
    if n % width:
        raise ValueError(f"arrays of {n} pixels do not hold whole rows of {width} px")
    h = n // width
    r0, r1 = (0, h) if rows is None else rows
    r0, r1 = checks.whole("rows[0]", r0, 0, h), checks.whole("rows[1]", r1, 0, h)
    if r1 < r0:
        raise ValueError(f"rows: expected 0 <= r0 <= r1 <= {h}, got ({r0}, {r1})")
    return r0 * width, r1 * width


def _buffer(out, n: int, dtype, device, name: str = "out"):
    if out is not None:
        return checks.wp_array(name, out, dtype, n, device)
    return wp.empty(n, dtype=dtype, device=device)


def _out(out, count: int):
    if not isinstance(out, (tuple, list)) or len(out) != count:
        raise ValueError(f"out: expected {count} buffers (or None for each), got {out!r}")
    return out


def _light(ambient, diffuse, headlight) -> tuple[float, float, float]:
    """The lighting weights, each a finite number >= 0 (headlight at most 1)."""
    a, d = checks.positive("ambient", ambient, allow_zero=True), checks.positive("diffuse", diffuse, allow_zero=True)
    h = checks.positive("headlight", headlight, allow_zero=True)
    if h > 1.0:
        raise ValueError(f"headlight: expected a weight in [0, 1], got {h}")
    return a, d, h


def _launch(kernel, i0: int, i1: int, inputs, outputs, device) -> None:
    if i1 > i0:
        wp.launch(kernel, dim=i1 - i0, inputs=inputs + [i0], outputs=outputs, device=device)


def shade(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, u, v, dirs, shadowed,
          ambient: float, diffuse: float, headlight: float, lut, *, device, out=None, width: int | None = None,
          rows=None):
    """Launch :func:`shade_kernel`; returns the N sRGB pixels as a wp array of ``vec3ub``
    (``.numpy()`` gives (N, 3) uint8). ``shadowed`` is an (N,) int8 wp array or None (no shadows);
    ``out`` may be a caller-owned buffer of that type; ``rows`` = (r0, r1) shades rows [r0, r1) of an image
    ``width`` pixels wide only.

    Raises:
        ValueError / TypeError: tables, arrays or lookup table of the wrong type, length or device.
    """
    fs = _check_tables(static_tab, dynamic_tab, static_count, device)
    _check_lut(lut, device)
    n = _pixels("face", face, wp.int32, None, device)
    for name, a, dt in (("u", u, wp.float32), ("v", v, wp.float32), ("dirs", dirs, wp.vec3)):
        _pixels(name, a, dt, n, device)
    use = shadowed is not None
    shadowed = wp.empty(1, dtype=wp.int8, device=device) if not use else checks.wp_array("shadowed", shadowed,
                                                                                           wp.int8, n, device)
    rgb = _buffer(out, n, vec3ub, device)
    i0, i1 = (0, n) if rows is None else _band(rows, n, width)
    _launch(shade_kernel, i0, i1, [static_tab, dynamic_tab, fs, face, u, v, dirs, shadowed, int(use),
                                   *_light(ambient, diffuse, headlight), lut], [rgb], device)
    return rgb


def shadow_prepare(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, t, dirs, eye,
                   near: float, rays: ShadowRays, *, device, out=(None, None, None, None), rows=None):
    """Launch :func:`shadow_prepare_kernel` (pass 1); returns wp arrays (ndl float32, shadow-ray origins vec3,
    need_ray int8, blocked int8) of length N (origins are left unwritten where ndl is 0; blocked holds the answers
    against the meshes in ``rays`` only). ``out`` may hold caller-owned buffers of those types reused across
    frames; ``rows`` = (r0, r1) prepares rows [r0, r1) only.

    Raises:
        ValueError / TypeError: tables, arrays or parameters of the wrong type, length or device.
    """
    fs = _check_tables(static_tab, dynamic_tab, static_count, device)
    if not isinstance(rays, ShadowRays.cls):
        raise TypeError(f"rays: expected a kernels.shading.ShadowRays, got {type(rays).__name__}")
    n = _pixels("face", face, wp.int32, rays.width * rays.height, device)
    _pixels("t", t, wp.float32, n, device)
    _pixels("dirs", dirs, wp.vec3, n, device)
    eye, near = checks.vec3("eye", eye), checks.positive("near", near, allow_zero=True)
    bufs = [_buffer(o, n, dt, device, f"out[{k}]") for k, (o, dt) in
            enumerate(zip(_out(out, 4), (wp.float32, wp.vec3, wp.int8, wp.int8)))]
    i0, i1 = _band(rows, n, rays.width)
    _launch(shadow_prepare_kernel, i0, i1, [static_tab, dynamic_tab, fs, face, t, dirs, wp.vec3(*eye), near, rays],
            bufs, device)
    return tuple(bufs)


def shadow_refine(face, ndl, need_ray, blocked, shadow_origin, rays: ShadowRays, *, device, out=(None, None),
                  rows=None):
    """Launch :func:`shadow_refine_kernel` (pass 2); returns the (N,) int8 wp arrays (need_ray2, blocked2) of the
    second-pass rays and their answers against the meshes in ``rays`` (``out``: optional caller-owned buffers;
    ``rows``: as :func:`shadow_prepare`). Reads pass 1 of the next tile row: run it after pass 1 of every band.

    Raises:
        ValueError / TypeError: arrays or parameters of the wrong type, length or device.
    """
    if not isinstance(rays, ShadowRays.cls):
        raise TypeError(f"rays: expected a kernels.shading.ShadowRays, got {type(rays).__name__}")
    n = _pixels("face", face, wp.int32, rays.width * rays.height, device)
    for name, a, dt in (("ndl", ndl, wp.float32), ("need_ray", need_ray, wp.int8), ("blocked", blocked, wp.int8),
                        ("shadow_origin", shadow_origin, wp.vec3)):
        _pixels(name, a, dt, n, device)
    bufs = [_buffer(o, n, wp.int8, device, f"out[{k}]") for k, o in enumerate(_out(out, 2))]
    i0, i1 = _band(rows, n, rays.width)
    _launch(shadow_refine_kernel, i0, i1, [face, ndl, need_ray, blocked, shadow_origin, rays], bufs, device)
    return tuple(bufs)


def shade_shadowed(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, u, v, dirs, ndl,
                   need_ray, blocked, need_ray2, blocked2, width: int, block: int, ambient: float, diffuse: float,
                   headlight: float, lut, *, device, out=None, rows=None):
    """Launch :func:`shade_shadowed_kernel` (shading with the two-pass shadow answers resolved inline);
    returns the N sRGB pixels as a wp array of ``vec3ub`` (``rows``: as :func:`shadow_prepare`).

    Raises:
        ValueError / TypeError: tables, arrays or parameters of the wrong type, length or device.
    """
    fs = _check_tables(static_tab, dynamic_tab, static_count, device)
    _check_lut(lut, device)
    n = _pixels("face", face, wp.int32, None, device)
    for name, a, dt in (("u", u, wp.float32), ("v", v, wp.float32), ("dirs", dirs, wp.vec3), ("ndl", ndl, wp.float32),
                        ("need_ray", need_ray, wp.int8), ("blocked", blocked, wp.int8),
                        ("need_ray2", need_ray2, wp.int8), ("blocked2", blocked2, wp.int8)):
        _pixels(name, a, dt, n, device)
    block = checks.whole("block", block, 1)
    rgb = _buffer(out, n, vec3ub, device)
    i0, i1 = _band(rows, n, width)
    _launch(shade_shadowed_kernel, i0, i1,
            [static_tab, dynamic_tab, fs, face, u, v, dirs, ndl, need_ray, blocked, need_ray2, blocked2, int(width),
             block, *_light(ambient, diffuse, headlight), lut], [rgb], device)
    return rgb


def shade_refined(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, u, v, dirs, ndl,
                  need_ray, blocked, shadow_origin, rays: ShadowRays, ambient: float, diffuse: float, headlight: float,
                  lut, *, device, out=None, rows=None):
    """Launch :func:`shade_refined_kernel` (pass 2 traced inline, then shading); returns the N sRGB pixels as a
    wp array of ``vec3ub`` (``rows``: as :func:`shadow_prepare`). For ``rays`` that name every mesh.

    Raises:
        ValueError / TypeError: tables, arrays or parameters of the wrong type, length or device.
    """
    fs = _check_tables(static_tab, dynamic_tab, static_count, device)
    _check_lut(lut, device)
    if not isinstance(rays, ShadowRays.cls):
        raise TypeError(f"rays: expected a kernels.shading.ShadowRays, got {type(rays).__name__}")
    n = _pixels("face", face, wp.int32, rays.width * rays.height, device)
    for name, a, dt in (("u", u, wp.float32), ("v", v, wp.float32), ("dirs", dirs, wp.vec3), ("ndl", ndl, wp.float32),
                        ("need_ray", need_ray, wp.int8), ("blocked", blocked, wp.int8),
                        ("shadow_origin", shadow_origin, wp.vec3)):
        _pixels(name, a, dt, n, device)
    rgb = _buffer(out, n, vec3ub, device)
    i0, i1 = _band(rows, n, rays.width)
    _launch(shade_refined_kernel, i0, i1,
            [static_tab, dynamic_tab, fs, face, u, v, dirs, ndl, need_ray, blocked, shadow_origin, rays,
             *_light(ambient, diffuse, headlight), lut], [rgb], device)
    return rgb
