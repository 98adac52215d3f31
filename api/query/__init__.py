"""The generic list language: builder[...] parameters parsed, checked and compiled."""
