"""Serve the built site on this computer: ``python -m witchtable site serve DIR [--port 8000]``
(in the repository, ``python3 lite/serve.py [--dir build/site] [--port 8000]``, as ``make serve``).

A plain static file server (Python's own), with the content types the site needs set
explicitly, whatever the system's MIME tables say: ``.wasm`` must be
``application/wasm`` and ``.mjs`` JavaScript, or browsers refuse them. Any other static
host works as well (see lite/README.md); nothing here runs code for the site.
"""

from __future__ import annotations

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the site's content types; logs only failed requests."""

    # typeshed declares extensions_map per instance; the handler reads this one from its class
    extensions_map: ClassVar[dict[str, str]] = {  # type: ignore[misc]
        **SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:
        """Silent: a request log per file would bury the one line that says where the site is."""
        pass

    def log_error(self, format: str, *args: object) -> None:
        """Errors still show, each with the client's address."""
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server for ``directory`` (port 0: any free port; read it from ``server_address``)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    return ThreadingHTTPServer((host, port), handler)


def serve_site(site: Path, host: str, port: int) -> int:
    """Serve ``site`` until Ctrl+C; a port already taken is an error saying so (status 2)."""
    try:
        server = make_server(site, host, port)
    except OSError as err:
        sys.stderr.write(f"cannot listen on {host}:{port} ({err.strerror}); is a server already "
                         "running there? Pick another with --port\n")
        return 2
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"Serving the witchtable site at http://{host}:{port}/ (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


def main(argv: list | None = None) -> int:
    """lite/serve.py, as `make serve` runs it: serve a built site until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", default=str(ROOT / "build" / "site"), help="the built site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (default: this computer)")
    args = parser.parse_args(argv)
    site = Path(args.dir)
    if not (site / "index.html").is_file():
        parser.error(f"{site} has no index.html: build the site first (make site)")
    return serve_site(site, args.bind, args.port)


if __name__ == "__main__":
    raise SystemExit(main())
