"""Sharing results: printable pages, USB export."""
