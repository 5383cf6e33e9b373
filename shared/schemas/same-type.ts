// Drift guards: `same<z.infer<typeof schema>, Interface>(true)` compiles only
// when a schema's output type and its interface match both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const same = <A, B>(ok: Same<A, B>) => ok;
