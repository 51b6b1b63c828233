/** Import path → source file of the workspace's own packages, for esbuild's `alias`. */
export declare const workspaceAliases: Readonly<Record<string, string>>;
