import type { Linter } from 'eslint';

/** The module boundary rules of eslint.config.js (eslint-boundaries.config.js). */
export function moduleBoundaries(): Linter.Config[];
