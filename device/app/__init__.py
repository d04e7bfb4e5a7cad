"""The table app: pygame, touch-first, against the AI.

Everything that imports pygame lives under this package; import it only from
inside a command's ``run()`` so ``whist-table --help`` stays fast.
"""
