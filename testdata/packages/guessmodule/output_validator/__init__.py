"""Output validator of guessmodule, as a Python package: run the folder, its
__main__.py is the program and imports protocol.py from this package."""
