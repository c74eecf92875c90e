// A real SMTP server for the mail chaos cases (smtp-server): it records every
// message it accepted, with its Message-ID, recipient and when. It can be
// started late (the mail server is down until then) and can take its time
// over each message (so a kill lands while mail is being sent).
import { SMTPServer } from "smtp-server";

export function mailServer({ acceptDelayMs = 0 } = {}) {
  const accepted = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 4_000) head += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
        setTimeout(() => {
          accepted.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address), at: Date.now() });
          callback();
        }, acceptDelayMs);
      });
    },
  });
  return {
    accepted,
    listen: (port) => new Promise((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise((resolve) => server.close(resolve)),
    /** How many times each recipient got mail. */
    countsFor: (recipients) => recipients.map((to) => accepted.filter((m) => m.to.includes(to)).length),
  };
}
