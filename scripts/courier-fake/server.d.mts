// Types for the tests that start the fake couriers (server.mjs), so TypeScript need not check the script itself.
import type { Server } from "node:http";

export function createCourierFake(): Server;
export function startCourierFake(port?: number): Promise<{ url: string; server: Server; close: () => Promise<void> }>;
