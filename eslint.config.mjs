import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", ".data/**", "db/migrations/**", "next-env.d.ts", "e2e/screenshots/**", "test-results/**", "dist/**"] },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["server/**/*.ts", "db/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "error" },
  },
  {
    // The request path of the API: see mergedHeaders in server/api/http.ts for why.
    files: ["server/api/*.ts", "server/money-moves/*.ts", "server/runtime/*.ts"],
    ignores: ["server/api/openapi*.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ObjectExpression > SpreadElement:first-child",
          message: "On the request path, merge with Object.assign (or mergedHeaders) instead of a leading object spread: see server/api/http.ts.",
        },
      ],
    },
  },
  {
    // Test helpers named use* are not React hooks.
    files: ["tests/**/*.ts", "e2e/**/*.ts", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];
export default config;
