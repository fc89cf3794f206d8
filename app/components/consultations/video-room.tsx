import { MicIcon, MicOffIcon, PhoneOffIcon, VideoIcon, VideoOffIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import type { PeerMessage, ServerMessage } from "~/domain/consultations/signal-messages.ts";

interface VideoRoomProps {
  role: "doctor" | "subject";
  selfName: string;
  peerName: string;
  signalPath: string;
  iceServers: RTCIceServer[];
}

type Phase = "preparing" | "waiting" | "connecting" | "in-call" | "refused" | "left";

function mediaProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "Your browser was not allowed to use the camera or microphone. Allow them in the site settings (the icon beside the address), then reload this page.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No camera or microphone was found. Connect one, then choose it below or reload this page.";
  if (name === "NotReadableError")
    return "Your camera or microphone is being used by another app. Close that app, then reload this page.";
  return "The camera or microphone could not be started. Reload this page to try again.";
}

const connectionLabels: Record<RTCPeerConnectionState, string> = {
  new: "Not connected yet",
  connecting: "Connecting…",
  connected: "Connected",
  disconnected: "Connection interrupted: trying to reconnect…",
  failed: "Connection failed",
  closed: "Call ended",
};

/**
 * The browser side of the video room: camera and microphone, one RTCPeerConnection to the other
 * person, and signalling through our WebSocket. The server admits the connection (or refuses it)
 * before any message; the earlier arrival makes the offer when the other joins. Media goes
 * browser to browser (or through the configured TURN relay) and is never recorded.
 */
export function VideoRoom({ role, selfName, peerName, signalPath, iceServers }: VideoRoomProps) {
  const localVideo = useRef<HTMLVideoElement>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const pc = useRef<RTCPeerConnection | null>(null);
  const ws = useRef<WebSocket | null>(null);
  // Created in the browser only: there is no MediaStream during server rendering.
  const stream = useRef<MediaStream | null>(null);
  const localStream = useCallback(() => {
    stream.current ??= new MediaStream();
    return stream.current;
  }, []);
  const [sending, setSending] = useState({ audio: false, video: false });
  const pendingCandidates = useRef<RTCIceCandidateInit[]>([]);
  const [phase, setPhase] = useState<Phase>("preparing");
  const [problem, setProblem] = useState<string | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState("");
  const [micId, setMicId] = useState("");
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [connection, setConnection] = useState<RTCPeerConnectionState>("new");
  const [inboundVideoBytes, setInboundVideoBytes] = useState(0);

  const send = useCallback((message: PeerMessage) => {
    if (ws.current?.readyState === WebSocket.OPEN) ws.current.send(JSON.stringify(message));
  }, []);

  const newPeerConnection = useCallback(() => {
    pc.current?.close();
    pendingCandidates.current = [];
    const connection = new RTCPeerConnection({ iceServers });
    const local = localStream();
    for (const track of local.getTracks()) connection.addTrack(track, local);
    if (local.getAudioTracks().length === 0)
      connection.addTransceiver("audio", { direction: "recvonly" });
    if (local.getVideoTracks().length === 0)
      connection.addTransceiver("video", { direction: "recvonly" });
    connection.ontrack = (event) => {
      if (remoteVideo.current)
        remoteVideo.current.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    };
    connection.onicecandidate = (event) => {
      if (event.candidate) {
        const c = event.candidate.toJSON();
        send({
          type: "candidate",
          candidate: {
            candidate: c.candidate ?? "",
            sdpMid: c.sdpMid,
            sdpMLineIndex: c.sdpMLineIndex,
            usernameFragment: c.usernameFragment,
          },
        });
      }
    };
    connection.onconnectionstatechange = () => {
      setConnection(connection.connectionState);
      if (connection.connectionState === "connected") setPhase("in-call");
    };
    pc.current = connection;
    setConnection("new");
    return connection;
  }, [iceServers, send, localStream]);

  const flushCandidates = useCallback(async (connection: RTCPeerConnection) => {
    for (const candidate of pendingCandidates.current.splice(0))
      await connection.addIceCandidate(candidate).catch(() => undefined);
  }, []);

  const onSignal = useCallback(
    async (message: ServerMessage | PeerMessage) => {
      if (message.type === "welcome") {
        setPhase(message.peerPresent ? "connecting" : "waiting");
        newPeerConnection();
      } else if (message.type === "peer-joined") {
        setPhase("connecting");
        const connection = newPeerConnection();
        await connection.setLocalDescription(await connection.createOffer());
        const offer = connection.localDescription;
        if (offer) send({ type: "description", description: { type: "offer", sdp: offer.sdp } });
      } else if (message.type === "peer-left" || message.type === "bye") {
        if (remoteVideo.current) remoteVideo.current.srcObject = null;
        newPeerConnection();
        setPhase("waiting");
      } else if (message.type === "description") {
        let connection = pc.current ?? newPeerConnection();
        if (message.description.type === "offer") {
          if (connection.signalingState !== "stable") connection = newPeerConnection();
          await connection.setRemoteDescription(message.description);
          await flushCandidates(connection);
          await connection.setLocalDescription(await connection.createAnswer());
          const answer = connection.localDescription;
          if (answer)
            send({ type: "description", description: { type: "answer", sdp: answer.sdp } });
        } else if (connection.signalingState === "have-local-offer") {
          await connection.setRemoteDescription(message.description);
          await flushCandidates(connection);
        }
      } else if (message.type === "candidate") {
        const connection = pc.current;
        if (connection?.remoteDescription)
          await connection.addIceCandidate(message.candidate).catch(() => undefined);
        else pendingCandidates.current.push(message.candidate);
      }
    },
    [newPeerConnection, flushCandidates, send],
  );

  // Camera and microphone first (so the other side gets our tracks), then the signalling socket.
  useEffect(() => {
    let cancelled = false;
    const local = localStream();
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem(
          "This browser cannot use a camera or microphone here. Use an up-to-date browser over a secure (https) connection.",
        );
      } else {
        try {
          const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
          for (const track of media.getTracks()) local.addTrack(track);
        } catch (error) {
          // Without a camera, a call with sound alone is still worth having.
          try {
            const audio = await navigator.mediaDevices.getUserMedia({ audio: true });
            for (const track of audio.getTracks()) local.addTrack(track);
            setProblem(`${mediaProblem(error)} You can still talk without video.`);
          } catch (audioError) {
            setProblem(`${mediaProblem(audioError)} You can still see and hear the other person.`);
          }
        }
        const all = await navigator.mediaDevices.enumerateDevices().catch(() => []);
        if (cancelled) return;
        setDevices(
          all.filter((d) => d.deviceId && (d.kind === "videoinput" || d.kind === "audioinput")),
        );
        setCameraId(local.getVideoTracks()[0]?.getSettings().deviceId ?? "");
        setMicId(local.getAudioTracks()[0]?.getSettings().deviceId ?? "");
        setSending({
          audio: local.getAudioTracks().length > 0,
          video: local.getVideoTracks().length > 0,
        });
      }
      if (cancelled) return;
      if (localVideo.current) localVideo.current.srcObject = local;
      const socket = new WebSocket(
        `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${signalPath}`,
      );
      ws.current = socket;
      let welcomed = false;
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as ServerMessage | PeerMessage;
        if (message.type === "welcome") welcomed = true;
        void onSignal(message);
      };
      socket.onclose = (event) => {
        if (cancelled) return;
        // Refused on the upgrade (no admission), or replaced by a newer window of the same person.
        if (!welcomed || event.code === 4000) setPhase("refused");
        else setPhase((p) => (p === "left" ? p : "waiting"));
      };
    }
    void start();
    return () => {
      cancelled = true;
      ws.current?.close();
      pc.current?.close();
      for (const track of local.getTracks()) track.stop();
    };
  }, [signalPath, onSignal, localStream]);

  // Statistics once a second: the connection panel shows whether video is arriving.
  useEffect(() => {
    const timer = setInterval(async () => {
      const connection = pc.current;
      if (!connection) return;
      const stats = await connection.getStats();
      let bytes = 0;
      stats.forEach((report) => {
        if (report.type === "inbound-rtp" && report.kind === "video")
          bytes += report.bytesReceived ?? 0;
      });
      setInboundVideoBytes(bytes);
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  async function switchDevice(kind: "audioinput" | "videoinput", deviceId: string) {
    const local = localStream();
    try {
      const media = await navigator.mediaDevices.getUserMedia(
        kind === "videoinput"
          ? { video: { deviceId: { exact: deviceId } } }
          : { audio: { deviceId: { exact: deviceId } } },
      );
      const track = kind === "videoinput" ? media.getVideoTracks()[0] : media.getAudioTracks()[0];
      if (!track) return;
      const old = kind === "videoinput" ? local.getVideoTracks()[0] : local.getAudioTracks()[0];
      track.enabled = kind === "videoinput" ? !cameraOff : !muted;
      const sender = pc.current?.getSenders().find((s) => s.track?.kind === track.kind);
      if (sender) await sender.replaceTrack(track);
      if (old) {
        local.removeTrack(old);
        old.stop();
      }
      local.addTrack(track);
      setSending({
        audio: local.getAudioTracks().length > 0,
        video: local.getVideoTracks().length > 0,
      });
      if (kind === "videoinput") setCameraId(deviceId);
      else setMicId(deviceId);
      setProblem(null);
    } catch (error) {
      setProblem(mediaProblem(error));
    }
  }

  function toggleMute() {
    const next = !muted;
    for (const track of localStream().getAudioTracks()) track.enabled = !next;
    setMuted(next);
  }

  function toggleCamera() {
    const next = !cameraOff;
    for (const track of localStream().getVideoTracks()) track.enabled = !next;
    setCameraOff(next);
  }

  function leave() {
    send({ type: "bye" });
    ws.current?.close();
    pc.current?.close();
    for (const track of localStream().getTracks()) track.stop();
    if (remoteVideo.current) remoteVideo.current.srcObject = null;
    setConnection("closed");
    setPhase("left");
  }

  const hasAudio = sending.audio;
  const hasVideo = sending.video;
  const status =
    phase === "preparing"
      ? "Starting your camera and microphone…"
      : phase === "waiting"
        ? `Waiting for ${peerName} to join…`
        : phase === "refused"
          ? "You could not be admitted to this room. Open it again from your e-mail or the case page."
          : phase === "left"
            ? "You have left the consultation."
            : connectionLabels[connection];

  return (
    <div
      className="grid gap-4"
      data-testid="video-room"
      data-phase={phase}
      data-connection={connection}
      data-inbound-video-bytes={inboundVideoBytes}
    >
      <p role="status" aria-live="polite" className="font-medium" data-testid="room-status">
        {status}
        {phase === "in-call" && inboundVideoBytes > 0 ? " · receiving video" : ""}
      </p>
      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-destructive border-l-4 bg-background px-3 py-2"
          data-testid="media-problem"
        >
          {problem}
        </p>
      ) : null}
      <div className="grid gap-3 md:grid-cols-[2fr_1fr]">
        <figure className="relative aspect-video overflow-hidden rounded-xl bg-slate-900">
          {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption track */}
          <video
            ref={remoteVideo}
            autoPlay
            playsInline
            className="size-full object-cover"
            data-testid="remote-video"
          />
          <figcaption className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-1 text-sm text-white">
            {peerName}
          </figcaption>
        </figure>
        <figure className="relative aspect-video overflow-hidden rounded-xl bg-slate-800">
          <video
            ref={localVideo}
            autoPlay
            playsInline
            muted
            className="size-full object-cover"
            data-testid="local-video"
          />
          <figcaption className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-1 text-sm text-white">
            {selfName} (you){cameraOff || !hasVideo ? " · camera off" : ""}
          </figcaption>
        </figure>
      </div>
      {phase !== "left" && phase !== "refused" ? (
        <div className="flex flex-wrap items-center gap-2">
          <MediaToggle device="microphone" off={muted} available={hasAudio} onToggle={toggleMute} />
          <MediaToggle
            device="camera"
            off={cameraOff}
            available={hasVideo}
            onToggle={toggleCamera}
          />
          <Button type="button" variant="destructive" onClick={leave}>
            <PhoneOffIcon aria-hidden="true" /> Leave
          </Button>
        </div>
      ) : (
        <Button type="button" className="w-fit" onClick={() => window.location.reload()}>
          Join again
        </Button>
      )}
      {devices.length > 0 && phase !== "left" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {deviceChoices.map((choice) => (
            <DeviceSelect
              key={choice.kind}
              id={choice.id}
              noun={choice.noun}
              devices={devices.filter((d) => d.kind === choice.kind)}
              value={choice.kind === "videoinput" ? cameraId : micId}
              onChange={(deviceId) => void switchDevice(choice.kind, deviceId)}
            />
          ))}
        </div>
      ) : null}
      <p className="text-muted-foreground text-sm">
        The call goes directly between your two devices, encrypted, and nothing is recorded.
        {role === "doctor" ? " Write your notes on the case page after the call." : ""}
      </p>
    </div>
  );
}

/** The choice of one kind of device; a device the browser will not name is numbered. */
/** The devices a person may switch between during the call, each with its own select. */
const deviceChoices = [
  { kind: "videoinput", id: "camera", noun: "Camera" },
  { kind: "audioinput", id: "microphone", noun: "Microphone" },
] as const;

function DeviceSelect({
  id,
  noun,
  devices,
  value,
  onChange,
}: {
  id: string;
  noun: "Camera" | "Microphone";
  devices: MediaDeviceInfo[];
  value: string;
  onChange: (deviceId: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{noun}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={devices.length === 0}
      >
        {devices.length === 0 ? (
          <NativeSelectOption value="">{`No ${noun.toLowerCase()} found`}</NativeSelectOption>
        ) : null}
        {devices.map((d, i) => (
          <NativeSelectOption key={d.deviceId} value={d.deviceId}>
            {d.label || `${noun} ${i + 1}`}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Each switch's icons, and its name for what it does next. */
const mediaSwitches = {
  microphone: { OnIcon: MicIcon, OffIcon: MicOffIcon, turnOn: "Unmute", turnOff: "Mute" },
  camera: {
    OnIcon: VideoIcon,
    OffIcon: VideoOffIcon,
    turnOn: "Turn camera on",
    turnOff: "Turn camera off",
  },
} as const;

/** The microphone's or the camera's switch: pressed while it is off. */
function MediaToggle({
  device,
  off,
  available,
  onToggle,
}: {
  device: keyof typeof mediaSwitches;
  off: boolean;
  available: boolean;
  onToggle: () => void;
}) {
  const { OnIcon, OffIcon, turnOn, turnOff } = mediaSwitches[device];
  return (
    <Button
      type="button"
      variant="outline"
      onClick={onToggle}
      disabled={!available}
      aria-pressed={off}
    >
      {off ? <OffIcon aria-hidden="true" /> : <OnIcon aria-hidden="true" />}
      {off ? turnOn : turnOff}
    </Button>
  );
}
