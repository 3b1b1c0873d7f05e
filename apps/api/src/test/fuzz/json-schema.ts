/** Just enough of JSON Schema (as @fastify/swagger writes it from zod) to build and mutate requests. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

const FUTURE_START = '2031-03-02';
const FUTURE_END = '2031-03-04';

/**
 * A value the schema (probably) accepts, so that mutating one field at a time reaches the code behind
 * the schema. Field names help where a type alone says too little (postcodes, dates, emails).
 */
export function validValue(schema: JsonSchema | undefined, name: string, ids: { any: string }): unknown {
  if (!schema) return 'x';
  // An empty default ('' for an optional address) is rarely valid once other rules apply: use the name instead.
  if (schema.default !== undefined && schema.default !== '') return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return validValue(options.find((o) => o.type !== 'null') ?? options[0], name, ids);
  if (schema.allOf?.length) return validValue(schema.allOf[0], name, ids);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const lower = name.toLowerCase();
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = validValue(child, key, ids);
      return out;
    }
    case 'array':
      return [validValue(schema.items, name, ids)];
    case 'integer':
    case 'number': {
      if (lower.includes('rating')) return 4;
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(min, 1);
    }
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'uuid' || /id$/.test(name)) return ids.any;
      if (schema.format === 'email' || lower.includes('email')) return 'fuzz.visitor@example.com';
      if (lower.includes('postcode')) return 'LS1 1AA';
      if (lower === 'address' || lower === 'line') return '1 High Street';
      if (lower === 'city') return 'Leeds';
      if (lower.includes('enddate') || lower === 'to') return FUTURE_END;
      if (lower.includes('date') || lower === 'from') return FUTURE_START;
      if (lower.includes('password')) return 'a sturdy wheelbarrow';
      if (lower.includes('number') && lower.includes('card')) return '4242424242424242';
      if (lower === 'expiry') return '12/30';
      if (lower === 'cvv') return '123';
      // Handover times: a half-hour slot inside the default hours.
      if (lower === 'time' || lower.endsWith('time')) return '09:00';
      return 'Fuzz value '.padEnd(Math.max(schema.minLength ?? 1, 11), 'x').slice(0, schema.maxLength ?? Infinity);
    }
  }
}

export function resolveRefs(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): JsonSchema | undefined {
  if (!schema) return schema;
  const name = schema.$ref?.split('/').pop();
  return name && components[name] ? resolveRefs(components[name], components) : schema;
}
