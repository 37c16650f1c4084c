#!/usr/bin/env python3
"""Draw the Aide-de-camp application icon and write it as PNG files.

The emblem is a deep navy rounded square holding a brass ring, with a white
die inside it showing five (navy pips, a red centre pip). Everything is drawn from signed
distance functions, supersampled 4x4 per pixel and averaged down, so edges
are antialiased. Only the Python 3 standard library is used (zlib + struct).

Run from anywhere:

    python3 packaging/make_icons.py

Outputs (paths relative to the repository root):

    assets/icon.png                                   256x256
    packaging/icons/hicolor/NxN/apps/<app id>.png     N = 16 .. 256
"""

import math
import os
import struct
import zlib

APP_ID = "org.aidedecamp.AideDeCamp"
SIZES = (16, 32, 48, 64, 128, 256)
SUPERSAMPLE = 4

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Palette (sRGB, 0-255).
NAVY_TOP = (0x27, 0x3C, 0x68)
NAVY_BOTTOM = (0x12, 0x1C, 0x36)
NAVY_RIM = (0x3A, 0x52, 0x86)
BRASS_TOP = (0xF3, 0xD3, 0x74)
BRASS_BOTTOM = (0xB0, 0x7E, 0x26)
IVORY = (0xFB, 0xF8, 0xEF)
IVORY_SHADE = (0xE2, 0xDB, 0xC8)
PIP = (0x16, 0x22, 0x40)
PIP_RED = (0xB8, 0x24, 0x2E)


def params(size):
    """Geometry in unit coordinates (0..1), centred on (0.5, 0.5).

    Small sizes are tuned so the die and its pips land on whole pixels, with
    heavier strokes and simpler shapes, so they stay crisp and legible.
    """
    px = 1.0 / size
    if size <= 16:
        # 8 px die, 1 px navy corner pips, 2x2 px red centre pip.
        return dict(margin=0.0, corner=3.2 * px, ring_r=6.55 * px,
                    ring_w=1.3 * px, inner_ring=0.0, die_half=4 * px,
                    die_corner=1.0 * px, pip_shape="square",
                    pip_r=0.5 * px, pip_off=2.5 * px, centre_r=1.0 * px,
                    rim=0.0, shadow=0.0)
    if size <= 32:
        return dict(margin=0.5 * px, corner=6.5 * px, ring_r=12.0 * px,
                    ring_w=2.0 * px, inner_ring=0.0, die_half=7 * px,
                    die_corner=1.5 * px, pip_shape="round",
                    pip_r=1.25 * px, pip_off=4 * px, centre_r=1.25 * px,
                    rim=0.0, shadow=0.0)
    if size <= 64:
        return dict(margin=0.03, corner=0.20, ring_r=0.36, ring_w=0.05,
                    inner_ring=0.0, die_half=0.205, die_corner=0.05,
                    pip_shape="round", pip_r=0.036, pip_off=0.105,
                    centre_r=0.036, rim=0.012, shadow=0.02)
    return dict(margin=0.04, corner=0.19, ring_r=0.35, ring_w=0.038,
                inner_ring=0.008, die_half=0.2, die_corner=0.048,
                pip_shape="round", pip_r=0.033, pip_off=0.104,
                centre_r=0.033, rim=0.008, shadow=0.025)


def sd_round_box(px, py, half, radius):
    qx = abs(px) - half + radius
    qy = abs(py) - half + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    inside = min(max(qx, qy), 0.0)
    return outside + inside - radius


def lerp(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def over(dst, rgb, alpha):
    """Composite a straight colour with coverage `alpha` over premultiplied dst."""
    r, g, b, a = dst
    k = 1.0 - alpha
    return (rgb[0] * alpha + r * k, rgb[1] * alpha + g * k,
            rgb[2] * alpha + b * k, alpha + a * k)


def pip_list(p):
    """(x offset, y offset, radius, colour) for the five pips."""
    o, r = p["pip_off"], p["pip_r"]
    return [(-o, -o, r, PIP), (o, -o, r, PIP), (0.0, 0.0, p["centre_r"], PIP_RED),
            (-o, o, r, PIP), (o, o, r, PIP)]


def sample(u, v, p, pips):
    """Premultiplied RGBA (floats, colour 0-255, alpha 0-1) at unit point (u, v)."""
    x = u - 0.5
    y = v - 0.5
    px = (0.0, 0.0, 0.0, 0.0)

    # Background tile.
    half = 0.5 - p["margin"]
    d_bg = sd_round_box(x, y, half, p["corner"])
    if d_bg > 0.0:
        return px
    px = over(px, lerp(NAVY_TOP, NAVY_BOTTOM, v), 1.0)
    if p["rim"] and d_bg > -p["rim"]:
        px = over(px, NAVY_RIM, 0.8)

    # Brass ring.
    r = math.hypot(x, y)
    if abs(r - p["ring_r"]) < p["ring_w"] / 2:
        t = min(max((v - 0.1) / 0.8, 0.0), 1.0)
        px = over(px, lerp(BRASS_TOP, BRASS_BOTTOM, t), 1.0)
    elif p["inner_ring"]:
        # Fine engraved line just inside the ring, medal-style.
        gap = p["ring_w"] * 0.9
        if abs(r - (p["ring_r"] - gap)) < p["inner_ring"] / 2:
            t = min(max((v - 0.1) / 0.8, 0.0), 1.0)
            px = over(px, lerp(BRASS_TOP, BRASS_BOTTOM, t), 0.75)

    # Soft shadow under the die, offset down-right.
    dh, dc = p["die_half"], p["die_corner"]
    if p["shadow"]:
        s = p["shadow"]
        d_sh = sd_round_box(x - s * 0.5, y - s, dh, dc)
        if d_sh < s:
            a = 0.45 * min(1.0, (s - d_sh) / (2 * s))
            px = over(px, (0, 0, 0), a)

    # Die.
    d_die = sd_round_box(x, y, dh, dc)
    if d_die <= 0.0:
        # Slight shading toward the lower-right for a hint of volume.
        t = min(max((x + y + 2 * dh) / (4 * dh), 0.0), 1.0)
        px = over(px, lerp(IVORY, IVORY_SHADE, t * t), 1.0)
        square = p["pip_shape"] == "square"
        for cx, cy, pr, col in pips:
            if square:
                hit = abs(x - cx) <= pr and abs(y - cy) <= pr
            else:
                hit = (x - cx) ** 2 + (y - cy) ** 2 <= pr * pr
            if hit:
                px = over(px, col, 1.0)
                break
    return px


def render(size):
    p = params(size)
    pips = pip_list(p)
    n = SUPERSAMPLE
    scale = 1.0 / (size * n)
    inv = 1.0 / (n * n)
    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sj in range(n):
                v = ((j * n + sj) + 0.5) * scale
                for si in range(n):
                    u = ((i * n + si) + 0.5) * scale
                    s = sample(u, v, p, pips)
                    acc[0] += s[0]
                    acc[1] += s[1]
                    acc[2] += s[2]
                    acc[3] += s[3]
            a = acc[3] * inv
            if a <= 0.0:
                row += b"\x00\x00\x00\x00"
                continue
            # Un-premultiply.
            rgb = [min(255, max(0, int(round(c * inv / a)))) for c in acc[:3]]
            row += bytes(rgb + [min(255, int(round(a * 255)))])
        rows.append(bytes(row))
    return rows


def write_png(path, size, rows):
    def chunk(kind, data):
        body = kind + data
        return (struct.pack(">I", len(data)) + body
                + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + r for r in rows)  # filter type 0 per scanline
    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(png)


def main():
    for size in SIZES:
        rows = render(size)
        dim = "%dx%d" % (size, size)
        out = os.path.join(HERE, "icons", "hicolor", dim, "apps", APP_ID + ".png")
        write_png(out, size, rows)
        print("wrote", os.path.relpath(out, ROOT))
        if size == 256:
            out = os.path.join(ROOT, "assets", "icon.png")
            write_png(out, size, rows)
            print("wrote", os.path.relpath(out, ROOT))


if __name__ == "__main__":
    main()
