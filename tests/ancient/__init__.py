"""Tests of Ancient Battles (a package, so that test module names may repeat those in tests/)."""
