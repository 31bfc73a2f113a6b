import { PACKET_LABELS, type Packet } from "@/lib/districts/packet-words";

/** The review packet, read-only. */
export function PacketDetails({ packet }: { packet: Packet }) {
  return (
    <dl className="grid gap-2 text-sm">
      {PACKET_LABELS.map(([key, label]) => (
        <div key={key} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium">{label}</dt>
          <dd className="break-words whitespace-pre-line">{packet[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
