"""Hatch build hook: the wheel ships the front end that esbuild built into src/battleline/static.

The bundle is committed (so `pip install .` needs no Node.js); `npm run build` remakes it and
`npm run check-build` proves it fresh. This hook refuses to build a wheel without it.
"""

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

STATIC = Path("src") / "battleline" / "static"


class FrontEndHook(BuildHookInterface):
    PLUGIN_NAME = "battleline-front-end"

    def initialize(self, version, build_data):
        root = Path(self.root)
        for name in ("widget.js", "widget.css"):
            path = root / STATIC / name
            if not path.is_file() or path.stat().st_size == 0:
                raise RuntimeError(f"{path} is missing: run `npm ci && npm run build` first")
            build_data["force_include"][str(path)] = f"battleline/static/{name}"
