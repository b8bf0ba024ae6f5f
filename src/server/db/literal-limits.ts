import {
  LimitNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** A whole number written into the SQL in place of a placeholder; anything else stays bound. */
function literal(node: OperationNode): OperationNode {
  return ValueNode.is(node) &&
    !node.immediate &&
    typeof node.value === 'number' &&
    Number.isSafeInteger(node.value)
    ? ValueNode.createImmediate(node.value)
    : node;
}

class LimitsAsLiterals extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    return LimitNode.create(literal(node.limit));
  }
}

/**
 * Writes a query's numeric LIMIT into its SQL. SQLite lets a bound LIMIT shape the plan, so every
 * binding of one expires the statement and its next run parses and plans it again: ≈ 20–40 µs a
 * run, the cost the statement cache (statement-cache.ts) exists to save. A literal gives one SQL
 * text per limit, and the app's limits are few (page sizes, list lengths); OFFSETs, one per page,
 * stay bound. A prepared query whose limit is an argument compiles one statement per limit
 * (`perShape`, prepared-query.ts).
 */
export class LiteralLimitsPlugin implements KyselyPlugin {
  private readonly transformer = new LimitsAsLiterals();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
