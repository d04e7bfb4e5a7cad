"""One module per ``whist-table`` subcommand.

Each module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``; the CLI finds them by name, so adding a subcommand is
adding a module here.
"""
