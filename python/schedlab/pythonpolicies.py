# SPDX-License-Identifier: GPL-3.0-or-later
"""Python functions as policies of schedlab.run and schedlab.compare.

A dispatch policy is called as DispatchEnv's agent acts: policy(state, mask) or
policy(state, mask, info) -> action, with the observation, info["action_mask"] and
info of a DispatchEnv step; a placement policy likewise with PlacementEnv's. It is
named by its `name` attribute, else its __name__; runs and the store know it by that.
"""

import inspect

from . import _schedlab

PLANES = ("dispatch", "placement")


def _name(policy, plane):
    name = getattr(policy, "name", None) or getattr(policy, "__name__", None)
    if not isinstance(name, str) or not name or name == "<lambda>":
        raise ValueError(f"{plane} policy {policy!r} has no name: define it with def, or set "
                         f"its .name")
    if "," in name or name != name.strip():
        raise ValueError(f"{plane} policy name {name!r}: no commas, no spaces at its ends")
    if any(p["plane"] == plane and p["name"] == name for p in _schedlab.policies()):
        raise ValueError(f"{plane} policy {name!r} is a built-in policy's name: name the Python "
                         f"one otherwise")
    return name


def _takes_info(policy):
    """True when policy(state, mask, info) can be called, else it gets (state, mask)."""
    try:
        parameters = inspect.signature(policy).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = 0
    for p in parameters:
        if p.kind is p.VAR_POSITIONAL:
            return True
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            positional += 1
    return positional >= 3


def _names(value, plane):
    if isinstance(value, str) or callable(value):
        value = [value]
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{plane}: give a policy name, a function, or a list of them") from None
    names, functions = [], {}
    for item in items:
        if isinstance(item, str):
            names.extend(n.strip() for n in item.split(",") if n.strip())
        elif callable(item):
            name = _name(item, plane)
            if name in functions and functions[name][0] is not item:
                raise ValueError(f"two {plane} policies are named {name!r}")
            functions[name] = (item, _takes_info(item))
            names.append(name)
        else:
            raise TypeError(f"{plane}: {item!r} is neither a policy name nor a function")
    return names, functions


def split(options):
    """options with the functions of its dispatch and placement lists replaced by their
    names, and python_dispatch / python_placement: {name: (function, takes_info)}."""
    options = dict(options)
    for plane in ("dequeue", "orchestration"):
        value = options.get(plane)
        if callable(value) or (isinstance(value, (list, tuple)) and any(map(callable, value))):
            raise TypeError(f"{plane}: Python policies run on the dispatch and placement planes")
    for plane in PLANES:
        value = options.get(plane)
        if value is None:
            continue
        names, functions = _names(value, plane)
        if functions:
            options[plane] = names
            options["python_" + plane] = functions
    return options
