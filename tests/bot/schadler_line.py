# ruff: noqa: E501
"""A schadler game that ends by rule: 32 placements, then White traps and removes Black's
counters until Black has one left (`one_counter_left`). Found with the rules core by a seeded
cooperative search (White greedy for traps, Black walking into them); 89 plies."""

SCHADLER_LINE = (
    "@g3 @a4 @b5 @g4 @a3 @c4 @e3 @b4 @b3 @e4 @c5 @d4 @d3 @h4 @g5 @f4 @d5 @e6 @h3 @f2 @f3 @h6 @a5 @g2 @f5 @d2 @e5 @d6 @h5 @e2 @c3 @c6 h5-h7 e2-e1 g5-h5 c4-c2 xh6 b4-b6 xh4 e4-e2 d3-d1-f1 a4-a6 xf2 c2-b2 b3-d3 b6-b7 xd4 d6-b6-b4 f1-g1 e2-c2-c4-a4-a2 xg2 b2-c2 c3-b3 b7-a7 xb4 f4-f6-d6 e5-g5 e1-d1 xg4 a7-b7 c5-c7-a7 d6-d7 xa6 c2-b2 g5-e5-e7-c7 a2-a1 xb7 c6-d6 a5-c5-e5-e7 b2-c2 xd7 c2-e2-e4 f5-e5 d2-c2 xe6 a1-b1 xe4 c2-d2 c7-d7 b1-b2 xd6 d1-c1 d3-d1-b1 c1-c2 xb2 d2-d3 a3-c3 c2-d2 xd3",
    "white",
    "one_counter_left",
)
