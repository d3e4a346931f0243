"""Hard's learned pass weights, one per fact of hard_pass_eval.features.

Written by ``make learn-pass`` (tools/learn_pass.py); do not edit by hand.
Recipe: seed 24, 4000 deals vs 3 medium, 32 worlds,
ridge 10.0, margin 0.0, play check 4000 deals (seed 31).
"""

WEIGHTS: tuple[float, ...] = (
    -0.026,
    5.3251,
    11.2772,
    0.3485,
    0.3796,
    0.375,
    0.4995,
    -0.6617,
    -0.3,
    -4.9952,
    -0.6461,
    2.298,
    2.4259,
    1.107,
    1.1021,
    0.4398,
    0.102,
    6.1102,
    0.8434,
    -1.3686,
    0.4163,
    0.2309,
    -0.6877,
    1.6388,
    1.3,
    -1.2917,
    -2.7288,
    -1.917,
    0.9151,
    0.0467,
    0.7842,
    1.6966,
    2.7931,
    1.544,
    -1.6762,
    7.6547,
    -1.1661,
    1.9219,
)
# Whether the weights beat the rule pass on the held-out decisions and in play; the
# best candidate replaces the rules' pass only if it scores more than MARGIN above it.
USE = True
MARGIN = 0.0
CHECKSUM = "4feecba56be975f5"
# The digest of the features the weights were fitted to (hard_pass_eval.schema(): the
# columns in order); tests/cpu/test_learned_pass.py checks it.
SCHEMA = "ab2bbf2cdba7096b"
