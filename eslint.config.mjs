import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", ".data/**", "db/migrations/**", "next-env.d.ts", "e2e/screenshots/**"] },
  {
    files: ["server/**/*.ts", "db/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "error" },
  },
];
export default config;
