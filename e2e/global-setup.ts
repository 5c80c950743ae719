import type { TestProject } from 'vitest/node';
import { startProduct } from './harness';

/** One product for the whole journey run: starting it per file cost 6–9 s each (database, web host). */
export default async function setup(project: TestProject) {
  const { addresses, stop } = await startProduct();
  project.provide('product', addresses);
  return stop;
}
