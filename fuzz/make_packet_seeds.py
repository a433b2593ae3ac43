#!/usr/bin/env python3
"""Writes the hand-made seeds of fuzz_packets into fuzz/corpus/packets/ (see the input format at
the top of fuzz_packets.cpp). Run again only to change them: the files are committed."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus", "packets")

VENDOR, INVALID, DISPATCH, BARRIER_AND, AGENT, BARRIER_OR = 0, 1, 2, 3, 4, 5
SYSTEM = 2  # fence scope


def header(kind, barrier=False):
    return kind | (int(barrier) << 8) | (SYSTEM << 9) | (SYSTEM << 11)


def dispatch(kernel, wg_size, groups, signal=0, barrier=False, lds=0, dims=1):
    # hsa_kernel_dispatch_packet_t: header, setup, wg x/y/z, reserved0, grid x/y/z,
    # private and group segment sizes, kernel_object, kernarg_address, reserved2, signal.
    return struct.pack("<HHHHHHIIIIIQQQQ", header(DISPATCH, barrier), dims, wg_size, 1, 1, 0,
                       wg_size * groups, 1, 1, 0, lds, kernel, 0, 0, signal)


def barrier_packet(kind, deps, signal=0, barrier=False):
    # hsa_barrier_and_packet_t: header, reserved0, reserved1, dep_signal[5], reserved2, signal.
    deps = list(deps) + [0] * (5 - len(deps))
    return struct.pack("<HHI5QQQ", header(kind, barrier), 0, 0, *deps, 0, signal)


def raw(kind):
    return struct.pack("<H", header(kind)) + bytes(62)


def record(packet, queue=0, ring=True, raw_packet=True, wait=True, pass_time=0, ctrl1=0,
           hostile=False):
    assert len(packet) == 64
    ctrl0 = (queue & 3) | (int(raw_packet) << 2) | (int(ring) << 3) | (pass_time << 4)
    ctrl0 |= (int(wait) << 6) | (int(hostile) << 7)
    return bytes([ctrl0, ctrl1]) + packet


def config(queues, slots, log2_ring, ps=False, mapping=0, tb=0, kernel=0, mechanism=0,
           two_cus=False, signals=()):
    layout = (queues - 1) | ((slots - 1) << 2) | (log2_ring << 4) | (int(ps) << 7)
    kbyte = kernel | (mechanism << 5) | (int(two_cus) << 7)
    out = bytes([layout, mapping | (tb << 4), kbyte, len(signals)])
    return out + bytes(v & 0xFF for v in signals)


SEEDS = {
    # One kernel dispatch, its own signal; the simplest run that completes.
    "one_dispatch": config(1, 1, 4, signals=[1]) + record(dispatch(1, 64, 4, signal=1)),
    # Two producers and a consumer behind a barrier-AND over their signals.
    "barrier_and": config(3, 2, 3, two_cus=True, signals=[1, 1, 1])
    + record(dispatch(1, 64, 2, signal=1), queue=0)
    + record(dispatch(2, 256, 3, signal=2, lds=16384), queue=1)
    + record(barrier_packet(BARRIER_AND, [1, 2], signal=3), queue=2)
    + record(dispatch(1, 64, 1, barrier=True), queue=2),
    # A barrier-OR on a signal the host stores to later.
    "barrier_or_host_signal": config(2, 1, 2, mapping=1, tb=1, signals=[1, 5])
    + record(barrier_packet(BARRIER_OR, [2]), queue=1)
    + record(dispatch(3, 128, 6), queue=1, ring=False)
    + record(dispatch(1, 64, 2, signal=1), queue=0, pass_time=2, ctrl1=16 * 1 + 1),
    # An agent-dispatch packet and an invalid header: queue errors.
    "invalid_types": config(2, 2, 1)
    + record(dispatch(1, 64, 1), queue=0)
    + record(raw(AGENT), queue=0)
    + record(raw(INVALID), queue=1)
    + record(raw(VENDOR), queue=1),
    # A ring of 2 filled faster than it drains, and a doorbell rung past the last packet.
    "ring_full_hostile_doorbell": config(1, 1, 1, ps=True, mapping=2, tb=2)
    + record(dispatch(1, 64, 8)) * 4
    + record(dispatch(2, 256, 2), hostile=True, ctrl1=5),
    # A kernel scheduler over persistent kernels, context-save, 2 CUs, four queues.
    "kernel_scheduler": config(4, 2, 3, mapping=3, tb=3, kernel=3, mechanism=1, two_cus=True,
                               signals=[2])
    + record(dispatch(3, 128, 12, signal=1), queue=0)
    + record(dispatch(1, 64, 6), queue=1, pass_time=1)
    + record(dispatch(2, 256, 4, signal=1), queue=2)
    + record(dispatch(3, 128, 4), queue=3),
    # A dependency cycle through signals: a deadlock, diagnosed.
    "deadlock": config(2, 2, 2, signals=[1, 1])
    + record(barrier_packet(BARRIER_AND, [1]), queue=0)
    + record(dispatch(1, 64, 1, signal=2), queue=0)
    + record(barrier_packet(BARRIER_AND, [2]), queue=1)
    + record(dispatch(1, 64, 1, signal=1), queue=1),
}

os.makedirs(OUT, exist_ok=True)
for name, data in SEEDS.items():
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
