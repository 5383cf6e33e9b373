// The DNS records a person creates at their DNS provider so a domain reaches
// the instance, from what the server says it expects: an A or AAAA record to
// each public address, or one CNAME to the public name. Both cannot be set on
// one name (a CNAME stands alone), so they are offered as alternatives.
import type { DomainDns } from '../../../../shared/schemas/domain-dns.ts';

export interface DnsRecord { type: 'A' | 'AAAA' | 'CNAME'; name: string; value: string }

/** Five minutes while setting up: a mistake is mended quickly. Raise it once the domain works. */
export const SUGGESTED_TTL = 300;

export interface DnsSteps {
  /** A and AAAA records to each public address; empty when none is configured. */
  addresses: DnsRecord[];
  /** One CNAME to the public name, when one is configured. */
  cname: DnsRecord | null;
}

export function dnsSteps(dns: Pick<DomainDns, 'domain' | 'expected'>): DnsSteps {
  const name = dns.domain;
  return {
    addresses: dns.expected.addresses.map((value) => ({ type: value.includes(':') ? 'AAAA' : 'A', name, value })),
    cname: dns.expected.cname ? { type: 'CNAME', name, value: dns.expected.cname } : null,
  };
}
