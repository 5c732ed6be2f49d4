"""The interval the simulation reports and tournaments give a win rate."""

from __future__ import annotations

import math

__all__ = ["Z95", "wilson"]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95% by default).

    ``k`` may be fractional (a tie split between seats). With no trials the interval is (0, 1).

    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson(10, 10)]
    [0.7225, 1.0]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # p inside despite rounding
