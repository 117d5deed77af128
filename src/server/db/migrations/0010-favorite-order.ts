import { sql, type Kysely } from 'kysely';

// Favorites in the order their user chose (PUT /api/me/favorites; decision 0027). Existing
// favorites keep the order they were listed in until now: oldest first (then by app id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('favorites')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    update "favorites" set "position" = (
      select count(*) from "favorites" as "earlier"
      where "earlier"."userId" = "favorites"."userId"
        and ("earlier"."created" < "favorites"."created"
          or ("earlier"."created" = "favorites"."created"
            and "earlier"."appId" < "favorites"."appId"))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('favorites').dropColumn('position').execute();
}
