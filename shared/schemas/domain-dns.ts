// GET /api/v1/domains/{id}/dns: where a branded domain points now, where it
// should, and the certificate it presents (issue 35). The type is what the
// app's domains screen reads; the schema documents the route.
import { z } from 'zod';

export const DNS_STATUSES = ['ok', 'pending', 'wrong', 'unknown'] as const;
export type DnsStatus = (typeof DNS_STATUSES)[number];

export const domainDnsSchema = z.object({
  domain: z.string().describe('The domain (IDN as punycode)'),
  records: z.object({
    a: z.array(z.string()), aaaa: z.array(z.string()), cname: z.array(z.string()),
    not_public: z.number().int().describe('Answers left out because they are private or reserved addresses, or CNAMEs to internal names '
      + '(the server tells public answers only, and the addresses and name it expects; 0 with --allow-private-addresses)'),
  }).describe('The A, AAAA and CNAME records as resolved now (public ones; see not_public)'),
  expected: z.object({ addresses: z.array(z.string()), cname: z.string().nullable() })
    .describe('What the records should be: --public-address and --public-cname'),
  status: z.enum(DNS_STATUSES).describe('ok: points here; pending: no records yet; wrong: points elsewhere; unknown: the instance does not know where domains should point'),
  message: z.string().describe('One sentence: what is wrong and what to do'),
  https: z.object({
    status: z.enum(['ok', 'none']),
    issuer: z.string().nullable(),
    valid_until: z.string().nullable().describe('ISO 8601, UTC'),
    names: z.array(z.string()),
    error: z.string().nullable().describe('Why there is no valid certificate'),
  }).describe('The certificate the domain presents on HTTPS now'),
  checked_at: z.string().describe('ISO 8601, UTC'),
}).meta({ id: 'DomainDns' });

export type DomainDns = z.infer<typeof domainDnsSchema>;
