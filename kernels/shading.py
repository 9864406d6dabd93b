"""Per-pixel shading of first hits: Lambert + ambient with a headlight term, per-face colour,
bilinear texture lookup from a texture atlas, 8-bit sRGB encoding through a lookup table.

Face ids use the renderer's global layout ``[static (Fs) | background (1) | dynamic (Fd)]``; the
static table carries the background as its row ``Fs``. Colours are linear RGB. Lighting
(see ``interactiveworld.render.shading``):
``c = albedo * (ambient * (1 - headlight + headlight * |n.d|) + diffuse * max(0, n_view . l) * vis)``.
"""
from __future__ import annotations

import numpy as np
import warp as wp

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
def textured_albedo(tab: FaceTable, f: int, slot: int, u: float, v: float) -> wp.vec3:
    uv = tab.uv[f, 0] * (1.0 - u - v) + tab.uv[f, 1] * u + tab.uv[f, 2] * v
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


@wp.kernel
def shadow_prepare_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                          face: wp.array(dtype=int), t: wp.array(dtype=float), dirs: wp.array(dtype=wp.vec3),
                          eye: wp.vec3, near: float, eps: float, width: int, block: int,
                          ndl_out: wp.array(dtype=float), shadow_origin_out: wp.array(dtype=wp.vec3),
                          need_ray_out: wp.array(dtype=wp.int8)):
    """Per pixel: max(0, n_view . l), the shadow-ray origin (the hit point lifted by ``eps`` off the
    face toward the camera side), and whether this pixel traces its own shadow ray: the top-left
    pixel of each block x block tile, and any lit pixel whose face differs from that pixel's face
    (the others reuse its answer)."""
    i = wp.tid()
    f = face[i]
    d = dirs[i]
    lt = wp.vec3()
    n = wp.vec3()
    if f <= static_count:
        lt = face_light(static_tab, f, d)
        n = static_tab.normal[f]
    else:
        lt = face_light(dynamic_tab, f - static_count - 1, d)
        n = dynamic_tab.normal[f - static_count - 1]
    ndl_out[i] = lt[0]
    need = int(0)
    if lt[0] > 0.0:
        shadow_origin_out[i] = eye + d * (near + t[i]) + n * (lt[2] * eps)
        row = i / width
        col = i - row * width
        rep = block_rep(row, col, width, block)
        if rep == i or face[rep] != f:
            need = 1
    need_ray_out[i] = wp.int8(need)


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
    if f <= static_count:
        return surface(static_tab, f, d, u, v)
    return surface(dynamic_tab, f - static_count - 1, d, u, v)


@wp.kernel
def shade_shadowed_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                          face: wp.array(dtype=int), u: wp.array(dtype=float), v: wp.array(dtype=float),
                          dirs: wp.array(dtype=wp.vec3), ndl: wp.array(dtype=float),
                          need_ray: wp.array(dtype=wp.int8), blocked: wp.array(dtype=wp.int8),
                          need_ray2: wp.array(dtype=wp.int8), blocked2: wp.array(dtype=wp.int8),
                          width: int, block: int, ambient: float, diffuse: float, headlight: float,
                          lut: wp.array(dtype=wp.uint8), rgb_out: wp.array(dtype=vec3ub)):
    """:func:`shade_kernel` with the shadow answers resolved in the same pass:
    a lit pixel is shadowed by its own ray (first or second pass) or else its tile's top-left pixel's."""
    i = wp.tid()
    a, lt = pixel_surface(static_tab, dynamic_tab, static_count, face[i], dirs[i], u[i], v[i])
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
    c = a * (ambient * (1.0 - headlight + headlight * lt[1]) + diffuse * lit)
    rgb_out[i] = vec3ub(srgb8(lut, c[0]), srgb8(lut, c[1]), srgb8(lut, c[2]))


@wp.kernel
def shade_kernel(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int,
                 face: wp.array(dtype=int), u: wp.array(dtype=float), v: wp.array(dtype=float),
                 dirs: wp.array(dtype=wp.vec3), shadowed: wp.array(dtype=wp.int8), use_shadows: int,
                 ambient: float, diffuse: float, headlight: float, lut: wp.array(dtype=wp.uint8),
                 rgb_out: wp.array(dtype=vec3ub)):
    """Per pixel: albedo (face colour or texture) times light, encoded to 8-bit sRGB by ``lut``."""
    i = wp.tid()
    a, lt = pixel_surface(static_tab, dynamic_tab, static_count, face[i], dirs[i], u[i], v[i])
    ndl = lt[0]
    if use_shadows != 0:
        if shadowed[i] != wp.int8(0):
            ndl = 0.0
    c = a * (ambient * (1.0 - headlight + headlight * lt[1]) + diffuse * ndl)
    rgb_out[i] = vec3ub(srgb8(lut, c[0]), srgb8(lut, c[1]), srgb8(lut, c[2]))


@wp.kernel
def shadow_refine_kernel(face: wp.array(dtype=int), ndl: wp.array(dtype=float), need_ray: wp.array(dtype=wp.int8),
                         blocked: wp.array(dtype=wp.int8), width: int, height: int, block: int,
                         need_ray_out: wp.array(dtype=wp.int8)):
    """Second pass: a lit pixel without its own ray traces one when the traced block corners around
    it on the same face disagree (a shadow edge passes nearby), so edges keep full resolution."""
    i = wp.tid()
    need = int(0)
    if ndl[i] > 0.0 and need_ray[i] == wp.int8(0):
        row = i / width
        col = i - row * width
        r0 = row - row % block
        c0 = col - col % block
        ref = blocked[r0 * width + c0]
        for k in range(4):
            rr = r0 + block * (k / 2)
            cc = c0 + block * (k % 2)
            if rr < height and cc < width:
                j = rr * width + cc
                if face[j] == face[i] and need_ray[j] != wp.int8(0) and blocked[j] != ref:
                    need = 1
    need_ray_out[i] = wp.int8(need)


def make_face_table(albedo: np.ndarray, normal: np.ndarray, n_dot_l: np.ndarray, tex_slot: np.ndarray,
                    uv: np.ndarray, textures: list[np.ndarray], *, device) -> FaceTable:
    """A :class:`FaceTable` on ``device`` from per-face arrays and linear textures (H, W, 3) float32.

    Shapes: albedo, normal (F, 3) float32; n_dot_l (F,) float32; tex_slot (F,) int32 (-1 or an
    index into ``textures``); uv (F, 3, 2) float32.
    """
    f = len(albedo)
    for name, arr, shape in (("albedo", albedo, (f, 3)), ("normal", normal, (f, 3)), ("n_dot_l", n_dot_l, (f,)),
                             ("tex_slot", tex_slot, (f,)), ("uv", uv, (f, 3, 2))):
        if np.shape(arr) != shape:
            raise ValueError(f"make_face_table: {name} expected {shape}, got {np.shape(arr)}")
    tab = FaceTable()
    tab.albedo = wp.array(np.ascontiguousarray(albedo, np.float32), dtype=wp.vec3, device=device)
    tab.normal = wp.array(np.ascontiguousarray(normal, np.float32), dtype=wp.vec3, device=device)
    tab.n_dot_l = wp.array(np.ascontiguousarray(n_dot_l, np.float32), dtype=float, device=device)
    tab.tex_slot = wp.array(np.ascontiguousarray(tex_slot, np.int32), dtype=int, device=device)
    tab.uv = wp.array(np.ascontiguousarray(uv, np.float32).reshape(f, 3, 2), dtype=wp.vec2, device=device)
    sizes = [t.shape[0] * t.shape[1] for t in textures]
    offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int32) if sizes else np.zeros(1, np.int32)
    atlas = (np.concatenate([t.reshape(-1, 3) for t in textures]) if textures else np.zeros((1, 3))).astype(np.float32)
    tab.tex_offset = wp.array(offsets, dtype=int, device=device)
    tab.tex_width = wp.array(np.array([t.shape[1] for t in textures] or [1], np.int32), dtype=int, device=device)
    tab.tex_height = wp.array(np.array([t.shape[0] for t in textures] or [1], np.int32), dtype=int, device=device)
    tab.atlas = wp.array(atlas, dtype=wp.vec3, device=device)
    return tab


def _check_lut(lut) -> None:
    if lut.shape[0] != LUT_SIZE:
        raise ValueError(f"sRGB lookup table: expected ({LUT_SIZE},) uint8, got {lut.shape}")


def _buffer(out, n: int, dtype, device):
    if out is not None:
        if out.shape[0] != n or out.dtype != dtype:
            raise ValueError(f"output buffer: expected ({n},) {dtype}, got {out.shape} {out.dtype}")
        return out
    return wp.empty(n, dtype=dtype, device=device)


def shade(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, u, v, dirs, shadowed,
          ambient: float, diffuse: float, headlight: float, lut, *, device, out=None):
    """Launch :func:`shade_kernel`; returns the N sRGB pixels as a wp array of ``vec3ub``
    (``.numpy()`` gives (N, 3) uint8). ``shadowed`` is an (N,) int8 wp array or None (no shadows);
    ``out`` may be a caller-owned buffer of that type."""
    _check_lut(lut)
    n = face.shape[0]
    rgb = _buffer(out, n, vec3ub, device)
    use = shadowed is not None
    if not use:
        shadowed = wp.empty(1, dtype=wp.int8, device=device)
    wp.launch(shade_kernel, dim=n, inputs=[static_tab, dynamic_tab, int(static_count), face, u, v, dirs, shadowed,
                                           int(use), float(ambient), float(diffuse), float(headlight), lut],
              outputs=[rgb], device=device)
    return rgb


def shadow_refine(face, ndl, need_ray, blocked, width: int, height: int, block: int, *, device, out=None):
    """Launch :func:`shadow_refine_kernel`; returns the (N,) int8 wp array of second-pass shadow rays
    (``out``: an optional caller-owned buffer)."""
    out = _buffer(out, face.shape[0], wp.int8, device)
    wp.launch(shadow_refine_kernel, dim=face.shape[0], inputs=[face, ndl, need_ray, blocked, int(width), int(height), int(block)],
              outputs=[out], device=device)
    return out


def shadow_prepare(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, t, dirs, eye,
                   near: float, eps: float, width: int, block: int, *, device, out=(None, None, None)):
    """Launch :func:`shadow_prepare_kernel`; returns wp arrays (ndl float32, shadow-ray origins vec3,
    need_ray int8) of length N (origins are left unwritten where ndl is 0). ``out`` may hold
    caller-owned buffers of those types reused across frames."""
    n = face.shape[0]
    ndl = _buffer(out[0], n, wp.float32, device)
    so = _buffer(out[1], n, wp.vec3, device)
    need = _buffer(out[2], n, wp.int8, device)
    wp.launch(shadow_prepare_kernel, dim=n,
              inputs=[static_tab, dynamic_tab, int(static_count), face, t, dirs, wp.vec3(*np.asarray(eye, np.float32)),
                      float(near), float(eps), int(width), int(block)],
              outputs=[ndl, so, need], device=device)
    return ndl, so, need


def shade_shadowed(static_tab: FaceTable, dynamic_tab: FaceTable, static_count: int, face, u, v, dirs, ndl,
                   need_ray, blocked, need_ray2, blocked2, width: int, block: int, ambient: float, diffuse: float,
                   headlight: float, lut, *, device, out=None):
    """Launch :func:`shade_shadowed_kernel` (shading with the two-pass shadow answers resolved inline);
    returns the N sRGB pixels as a wp array of ``vec3ub``."""
    _check_lut(lut)
    n = face.shape[0]
    rgb = _buffer(out, n, vec3ub, device)
    wp.launch(shade_shadowed_kernel, dim=n,
              inputs=[static_tab, dynamic_tab, int(static_count), face, u, v, dirs, ndl, need_ray, blocked,
                      need_ray2, blocked2, int(width), int(block), float(ambient), float(diffuse), float(headlight),
                      lut],
              outputs=[rgb], device=device)
    return rgb
