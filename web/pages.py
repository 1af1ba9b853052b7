"""The front end's files: the built single page (``web/frontend/dist``) for every page path,
its hashed assets, and security headers on every answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from .auth import CONFIG

__all__ = ["PAGE_PATHS", "add_pages", "security_headers"]

PAGE_PATHS = ("/", "/games/{game}", "/servers/{guild}", "/me")

NOT_BUILT = (
    "The live board's front end is not built. Run: cd web/frontend && npm ci && npm run build "
    "(the bot does it by itself at start when npm is installed)."
)


async def _index(request: web.Request) -> web.StreamResponse:
    index = request.app[CONFIG].dist / "index.html"
    if not index.is_file():
        raise web.HTTPServiceUnavailable(text=NOT_BUILT)
    return web.FileResponse(index, headers={"Cache-Control": "no-cache"})


def add_pages(app: web.Application) -> None:
    """Every page path answers with the single page; ``/assets/`` serves its files."""
    for path in PAGE_PATHS:
        app.router.add_get(path, _index)
    assets = app[CONFIG].dist / "assets"
    if assets.is_dir():
        app.router.add_static("/assets/", assets, append_version=False)


@web.middleware
async def security_headers(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    """No framing by other sites, no sniffing, and no spectator token leaking to other sites
    through ``Referer``."""
    response = await handler(request)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "frame-ancestors 'self'",
    )
    return response
