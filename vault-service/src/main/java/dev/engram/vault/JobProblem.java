package dev.engram.vault;

/** Why a backup or restore job failed: the problem code and its detail. */
public record JobProblem(String code, String detail) {}
