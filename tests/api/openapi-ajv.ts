import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type JsonObject = Record<string, unknown>;

const COMPONENTS_ID = "https://gamecoin.test/openapi-components";

/**
 * Ajv in strict mode over the document's own dialect (JSON Schema 2020-12), with the components as
 * `$defs` of one schema, so every `#/components/schemas/X` of the document resolves.
 */
export function openApiValidator(doc: JsonObject): { compile: (schema: unknown) => (value: unknown) => boolean; errors: () => string } {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  const components = (doc.components as { schemas: JsonObject }).schemas;
  ajv.addSchema(rebase({ $id: COMPONENTS_ID, $defs: components }) as JsonObject);
  let last: string = "";
  return {
    compile(schema) {
      const validate = ajv.compile(rebase(schema) as JsonObject);
      return (value) => {
        const ok = validate(value);
        last = ok ? "" : ajv.errorsText(validate.errors);
        return ok;
      };
    },
    errors: () => last,
  };
}

function rebase(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`));
}
