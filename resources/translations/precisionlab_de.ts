<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>GpuEstimator</name>
    <message>
        <source>no published training measurement: V100&apos;s efficiencies (the same Tensor Core generation, Volta/Turing) x 0.6 for its 70 W power cap (an assumption)</source>
        <translation>keine veröffentlichte Trainingsmessung: die Effizienzen der V100 (dieselbe Tensor-Core-Generation, Volta/Turing) x 0,6 für ihre Leistungsgrenze von 70 W (eine Annahme)</translation>
    </message>
    <message>
        <source>no published training measurement: A100&apos;s efficiencies x 0.6 for its 72 W power cap (an assumption)</source>
        <translation>keine veröffentlichte Trainingsmessung: die Effizienzen der A100 x 0,6 für ihre Leistungsgrenze von 72 W (eine Annahme)</translation>
    </message>
    <message>
        <source>calibrated on NVIDIA&apos;s (V100 16 and 32 GB) and Hugging Face&apos;s (V100 16 GB) published BERT-large measurements</source>
        <translation>kalibriert an den veröffentlichten BERT-large-Messungen von NVIDIA (V100 16 und 32 GB) und Hugging Face (V100 16 GB)</translation>
    </message>
    <message>
        <source>calibrated on NVIDIA&apos;s (A100 40 and 80 GB) BERT-large and the Hugging Face Trainer&apos;s (A100) t5-base measurements</source>
        <translation>kalibriert an NVIDIAs BERT-large-Messungen (A100 40 und 80 GB) und den t5-base-Messungen mit dem Hugging Face Trainer (A100)</translation>
    </message>
    <message>
        <source>published measurements exist (Lambda, BERT large with NVIDIA&apos;s scripts, 2.1x-2.3x its fp32 column) but are not in the calibration: A100&apos;s efficiencies (not derated: no power cap)</source>
        <translation>veröffentlichte Messungen gibt es (Lambda, BERT large mit NVIDIAs Skripten, 2,1x-2,3x gegenüber seiner fp32-Spalte), sie sind aber nicht in der Kalibrierung: die Effizienzen der A100 (nicht abgesenkt: keine Leistungsgrenze)</translation>
    </message>
</context>
<context>
    <name>LabRuns</name>
    <message>
        <source>uninterrupted</source>
        <translation>ununterbrochen</translation>
    </message>
    <message>
        <source>killed (SIGKILL)</source>
        <translation>beendet (SIGKILL)</translation>
    </message>
    <message>
        <source>resumed from checkpoint</source>
        <translation>vom Checkpoint fortgesetzt</translation>
    </message>
    <message>
        <source>2 ranks, uninterrupted</source>
        <translation>2 Ränge, ununterbrochen</translation>
    </message>
    <message>
        <source>2 ranks, rank 1 lost</source>
        <translation>2 Ränge, Rang 1 verloren</translation>
    </message>
    <message>
        <source>2 ranks, all resumed from checkpoint</source>
        <translation>2 Ränge, alle vom Checkpoint fortgesetzt</translation>
    </message>
    <message>
        <source>2 ranks, optimizer state replicated</source>
        <translation>2 Ränge, Optimizer-Zustand repliziert</translation>
    </message>
    <message>
        <source>2 ranks, optimizer state sharded</source>
        <translation>2 Ränge, Optimizer-Zustand geteilt</translation>
    </message>
</context>
<context>
    <name>LabScenarios</name>
    <message>
        <source>fp32 baseline</source>
        <translation>fp32-Baseline</translation>
    </message>
    <message>
        <source>No change: fp32 weights, activations and optimizer; every other run is compared with it.</source>
        <translation>Keine Änderung: Gewichte, Aktivierungen und Optimizer in fp32; jeder andere Lauf wird damit verglichen.</translation>
    </message>
    <message>
        <source>Half-precision layers</source>
        <translation>Half-Precision-Schichten</translation>
    </message>
    <message>
        <source>model.to(torch.float16): fp16 weights, gradients and AdamW state, no loss scaling.</source>
        <translation>model.to(torch.float16): Gewichte, Gradienten und AdamW-Zustand in fp16, kein Loss Scaling.</translation>
    </message>
    <message>
        <source>TensorFlow container</source>
        <translation>TensorFlow-Container</translation>
    </message>
    <message>
        <source>A framework swap leaves precision unchanged: the same fp32 run.</source>
        <translation>Ein Framework-Wechsel ändert die Präzision nicht: derselbe fp32-Lauf.</translation>
    </message>
    <message>
        <source>TrainingArguments(fp16=True): autocast fp16 forward, GradScaler, fp32 master weights. On a GPU only: on a CPU the Trainer accepts fp16=True without a word, but accelerate turns on neither autocast nor the GradScaler there, so the run is plain fp32 (measured with transformers 5.24, accelerate 1.15).</source>
        <translation>TrainingArguments(fp16=True): Forward-Pass mit fp16-Autocast, GradScaler, fp32-Master-Gewichte. Nur auf einer GPU: Auf einer CPU akzeptiert der Trainer fp16=True kommentarlos, aber accelerate schaltet dort weder Autocast noch den GradScaler ein, der Lauf ist also reines fp32 (gemessen mit transformers 5.24, accelerate 1.15).</translation>
    </message>
    <message>
        <source>fp16 without loss scaling</source>
        <translation>fp16 ohne Loss Scaling</translation>
    </message>
    <message>
        <source>Autocast fp16 with the GradScaler turned off: small gradients flush to zero.</source>
        <translation>fp16-Autocast mit ausgeschaltetem GradScaler: Kleine Gradienten werden zu null.</translation>
    </message>
    <message>
        <source>Vertex AI hyperparameter tuning</source>
        <translation>Vertex AI Hyperparameter-Tuning</translation>
    </message>
    <message>
        <source>A sweep of fp32 trials over the learning rate: it searches values, it never changes precision.</source>
        <translation>Ein Sweep von fp32-Trials über die Lernrate: Er sucht Werte, ändert aber nie die Präzision.</translation>
    </message>
    <message>
        <source>fp16=True</source>
        <translation>fp16=True</translation>
    </message>
    <message>
        <source>bf16=True</source>
        <translation>bf16=True</translation>
    </message>
    <message>
        <source>Gradient accumulation x4</source>
        <translation>Gradientenakkumulation x4</translation>
    </message>
    <message>
        <source>gradient_accumulation_steps=4 in TrainingArguments: the baseline&apos;s batch as 4 micro-batches of a quarter, each loss divided by 4, gradients summed, one optimizer step. The same examples and dropout masks as the baseline, so the same updates with a quarter of the activations in memory at a time.</source>
        <translation>gradient_accumulation_steps=4 in TrainingArguments: der Batch der Baseline als 4 Mikro-Batches zu je einem Viertel, jeder Loss durch 4 geteilt, Gradienten summiert, ein Optimierungsschritt. Dieselben Beispiele und Dropout-Masken wie die Baseline, also dieselben Updates mit einem Viertel der Aktivierungen gleichzeitig im Speicher.</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Activation Checkpointing</translation>
    </message>
    <message>
        <source>gradient_checkpointing=True in TrainingArguments: each encoder layer keeps only its input and runs again in the backward pass, with the same dropout masks: the same loss, less activation memory, more compute per step.</source>
        <translation>gradient_checkpointing=True in TrainingArguments: jede Encoder-Schicht behält nur ihre Eingabe und läuft im Rückwärtsdurchgang erneut, mit denselben Dropout-Masken: derselbe Loss, weniger Aktivierungsspeicher, mehr Rechenaufwand pro Schritt.</translation>
    </message>
    <message>
        <source>fp16=True, outlier feature</source>
        <translation>fp16=True, Ausreißer-Merkmal</translation>
    </message>
    <message>
        <source>fp16=True on a model with an outlier feature: encoder layer 0 carries one attention value channel at 2^20 (1,048,576) times its value and divides it back before the output projection, so its activations exceed fp16&apos;s largest value, 65504. The model computes the same function as the baseline; fp16 cannot hold it.</source>
        <translation>fp16=True auf einem Modell mit einem Ausreißer-Merkmal: Encoder-Schicht 0 führt einen Value-Kanal der Attention mit dem 2^20-fachen (1.048.576-fachen) Wert und teilt ihn vor der Ausgabeprojektion wieder zurück, sodass seine Aktivierungen den größten fp16-Wert, 65504, übersteigen. Das Modell berechnet dieselbe Funktion wie die Baseline; fp16 kann sie nicht darstellen.</translation>
    </message>
    <message>
        <source>bf16=True, outlier feature</source>
        <translation>bf16=True, Ausreißer-Merkmal</translation>
    </message>
    <message>
        <source>bf16=True on the same model with the outlier feature: its activations above 65504 are far inside bfloat16&apos;s range (up to 3.4e38, fp32&apos;s exponent), and powers of two scale exactly, so it trains as bf16=True does without the outlier.</source>
        <translation>bf16=True auf demselben Modell mit dem Ausreißer-Merkmal: Seine Aktivierungen über 65504 liegen weit innerhalb des Wertebereichs von bfloat16 (bis 3,4e38, der Exponent von fp32), und Zweierpotenzen skalieren exakt, also trainiert es wie bf16=True ohne den Ausreißer.</translation>
    </message>
    <message>
        <source>save_steps in TrainingArguments and trainer.train(resume_from_checkpoint=...): a checkpoint-&lt;step&gt;/ folder every quarter of the run holds the weights, AdamW state, scaler, LR schedule position, RNG and data order, so a run killed like a preempted Spot VM continues exactly; only the steps since the last checkpoint are lost.</source>
        <translation>save_steps in TrainingArguments und trainer.train(resume_from_checkpoint=...): ein Ordner checkpoint-&lt;step&gt;/ nach jedem Viertel des Laufs hält die Gewichte, den AdamW-Zustand, den Scaler, die Position im LR-Plan, den Zufallszustand und die Datenreihenfolge, sodass ein wie eine unterbrochene Spot-VM beendeter Lauf exakt weiterläuft; verloren sind nur die Schritte seit dem letzten Checkpoint.</translation>
    </message>
    <message>
        <source>LoRA r=8 (frozen base)</source>
        <translation>LoRA r=8 (eingefrorene Basis)</translation>
    </message>
    <message>
        <source>Preemption and resume</source>
        <translation>Unterbrechen und fortsetzen</translation>
    </message>
    <message>
        <source>PEFT&apos;s LoraConfig(r=8, lora_alpha=16, target_modules=[&quot;query&quot;, &quot;value&quot;]): rank-8 adapters on every layer&apos;s query and value projections, the base weights frozen, only the adapters and the classifier trained, at the baseline&apos;s settings but 10 times its learning rate (adapters start at zero and are usually trained faster than a full fine-tune). Trainable parameters, optimizer-state memory, step time and validation accuracy next to full fine-tuning.</source>
        <translation>LoraConfig(r=8, lora_alpha=16, target_modules=[&quot;query&quot;, &quot;value&quot;]) von PEFT: Adapter vom Rang 8 auf den Query- und Value-Projektionen jeder Schicht, die Basisgewichte eingefroren, nur die Adapter und der Klassifikator werden trainiert, mit den Einstellungen der Baseline, aber der 10-fachen Lernrate (Adapter beginnen bei null und werden meist schneller trainiert als ein volles Fine-Tuning). Trainierbare Parameter, Speicher des Optimizer-Zustands, Schrittzeit und Validierungsgenauigkeit neben vollem Fine-Tuning.</translation>
    </message>
    <message>
        <source>TrainingArguments(bf16=True): the same mechanism in bfloat16 (fp32&apos;s range, no loss scaling), which GPUs from Ampere on and CPUs with bf16 units run natively.</source>
        <translation>TrainingArguments(bf16=True): derselbe Mechanismus in bfloat16 (Wertebereich von fp32, keine Loss-Skalierung), den GPUs ab Ampere und CPUs mit bf16-Einheiten nativ rechnen.</translation>
    </message>
    <message>
        <source>tf32=True</source>
        <translation>tf32=True</translation>
    </message>
    <message>
        <source>TrainingArguments(tf32=True): fp32 weights and activations, with the matrix multiplies on TF32 Tensor Cores of an Ampere or newer GPU (10-bit mantissa inputs); no effect on a CPU.</source>
        <translation>TrainingArguments(tf32=True): Gewichte und Aktivierungen in fp32, die Matrixmultiplikationen auf den TF32-Tensor-Cores einer GPU ab Ampere (Eingaben mit 10-Bit-Mantisse); auf einer CPU ohne Wirkung.</translation>
    </message>
    <message>
        <source>Half the batch, same learning rate</source>
        <translation>Halbe Batch, gleiche Lernrate</translation>
    </message>
    <message>
        <source>per_device_train_batch_size halved, learning_rate unchanged: half the activations in memory, but each step sees half the examples, so the updates are not the baseline&apos;s (gradient accumulation keeps them).</source>
        <translation>per_device_train_batch_size halbiert, learning_rate unverändert: halb so viele Aktivierungen im Speicher, aber jeder Schritt sieht nur die Hälfte der Beispiele, also sind die Updates nicht die der Baseline (Gradientenakkumulation behält sie bei).</translation>
    </message>
    <message>
        <source>Data parallel, 2 processes</source>
        <translation>Datenparallel, 2 Prozesse</translation>
    </message>
    <message>
        <source>DistributedDataParallel as torchrun starts it: 2 processes, each training half of every global batch, the parameters broadcast from rank 0, the gradients averaged by a Gloo all-reduce after backward. The same global batch as the one-process baseline, so the same updates; each step pays for the all-reduce, measured.</source>
        <translation>DistributedDataParallel, wie torchrun es startet: 2 Prozesse, jeder trainiert die Hälfte jedes globalen Batches, die Parameter werden von Rang 0 verteilt, die Gradienten nach dem Backward-Pass durch ein Gloo-All-Reduce gemittelt. Derselbe globale Batch wie bei der Ein-Prozess-Baseline, also dieselben Updates; jeder Schritt bezahlt das All-Reduce, gemessen.</translation>
    </message>
    <message>
        <source>A worker dies, the job restarts</source>
        <translation>Ein Worker fällt aus: Neustart</translation>
    </message>
    <message>
        <source>A 2-process DistributedDataParallel job checkpointing every quarter loses rank 1 mid-run, as when a host fault replaces a VM: rank 0 waits in its all-reduce until the collective timeout and the job fails naming the rank; then every rank restarts from the newest checkpoint (Vertex AI&apos;s restartJobOnWorkerRestart with resume logic).</source>
        <translation>Ein DistributedDataParallel-Job mit 2 Prozessen, der jedes Viertel einen Checkpoint schreibt, verliert mitten im Lauf Rang 1, wie wenn ein Hostfehler eine VM ersetzt: Rang 0 wartet in seinem All-Reduce bis zum Collective-Timeout, und der Job scheitert und nennt den Rang; dann starten alle Ränge vom neuesten Checkpoint neu (restartJobOnWorkerRestart von Vertex AI mit Fortsetzungslogik).</translation>
    </message>
    <message>
        <source>Replicated vs sharded state</source>
        <translation>Zustand repliziert vs. geteilt</translation>
    </message>
    <message>
        <source>The same 2-process data-parallel job twice: first as DistributedDataParallel keeps it, every process with a full copy of AdamW&apos;s state; then with the state sharded over the processes (ZeRO stage 1, PyTorch&apos;s ZeroRedundancyOptimizer): each process updates its half of the parameters and broadcasts them. The same updates; half the optimizer state per process, measured.</source>
        <translation>Derselbe datenparallele Job mit 2 Prozessen zweimal: zuerst so, wie DistributedDataParallel ihn hält, jeder Prozess mit einer vollständigen Kopie des AdamW-Zustands; dann mit dem Zustand auf die Prozesse aufgeteilt (ZeRO Stufe 1, PyTorchs ZeroRedundancyOptimizer): Jeder Prozess aktualisiert seine Hälfte der Parameter und sendet sie an die anderen. Dieselben Updates; halb so viel Optimizer-Zustand pro Prozess, gemessen.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Follow system</source>
        <translation>Systemeinstellung</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Hoher Kontrast</translation>
    </message>
    <message>
        <source>Could not encode the PNG for %1.</source>
        <translation>Das PNG für %1 konnte nicht kodiert werden.</translation>
    </message>
    <message>
        <source>Could not start the SVG writer for %1.</source>
        <translation>Der SVG-Writer für %1 konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>%1 kann nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
</context>
<context>
    <name>RecordingLoader</name>
    <message>
        <source>No recordings chosen.</source>
        <translation>Keine Aufzeichnungen gewählt.</translation>
    </message>
    <message>
        <source>was recorded on %1, %2 on %3</source>
        <translation>wurde auf %1 aufgezeichnet, %2 auf %3</translation>
    </message>
    <message>
        <source>trains %1, %2 trains %3</source>
        <translation>trainiert %1, %2 trainiert %3</translation>
    </message>
    <message>
        <source>uses batch %1 and sequence %2, %3 batch %4 and sequence %5</source>
        <translation>nutzt Batch %1 und Sequenz %2, %3 Batch %4 und Sequenz %5</translation>
    </message>
    <message>
        <source>%1 %2: a class would compare unlike runs. Choose recordings made together (one &quot;precisionlab-cli record&quot; call).</source>
        <translation>%1 %2: Die Klasse würde Ungleiches vergleichen. Wählen Sie Aufzeichnungen, die zusammen entstanden sind (ein Aufruf von „precisionlab-cli record“).</translation>
    </message>
    <message>
        <source>The chosen recordings hold no fp32 baseline: every verdict compares with it. Add baseline-fp32.plrun.</source>
        <translation>Den gewählten Aufzeichnungen fehlt die fp32-Baseline, mit der jedes Urteil vergleicht. Fügen Sie baseline-fp32.plrun hinzu.</translation>
    </message>
</context>
<context>
    <name>RunState</name>
    <message>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>preparing</source>
        <translation>wird vorbereitet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>ScenarioCatalog</name>
    <message>
        <source>fp32 baseline</source>
        <translation>fp32-Baseline</translation>
    </message>
    <message>
        <source>Half-precision layers</source>
        <translation>Half-Precision-Schichten</translation>
    </message>
    <message>
        <source>TensorFlow container</source>
        <translation>TensorFlow-Container</translation>
    </message>
    <message>
        <source>HP tuning</source>
        <translation>HP-Tuning</translation>
    </message>
    <message>
        <source>fp16 without loss scaling</source>
        <translation>fp16 ohne Loss Scaling</translation>
    </message>
    <message>
        <source>HP trial lr %1</source>
        <translation>HP-Trial lr %1</translation>
    </message>
    <message>
        <source>fp16=True</source>
        <translation>fp16=True</translation>
    </message>
    <message>
        <source>bf16=True</source>
        <translation>bf16=True</translation>
    </message>
    <message>
        <source>Gradient accumulation x4</source>
        <translation>Gradientenakkumulation x4</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>Activation Checkpointing</translation>
    </message>
    <message>
        <source>fp16=True, outlier feature</source>
        <translation>fp16=True, Ausreißer-Merkmal</translation>
    </message>
    <message>
        <source>bf16=True, outlier feature</source>
        <translation>bf16=True, Ausreißer-Merkmal</translation>
    </message>
    <message>
        <source>LoRA r=8</source>
        <translation>LoRA r=8</translation>
    </message>
    <message>
        <source>Killed and resumed</source>
        <translation>Abgebrochen und fortgesetzt</translation>
    </message>
    <message>
        <source>tf32=True</source>
        <translation>tf32=True</translation>
    </message>
    <message>
        <source>Half the batch</source>
        <translation>Halbe Batch</translation>
    </message>
    <message>
        <source>2 processes, half the batch each</source>
        <translation>2 Prozesse, je der halbe Batch</translation>
    </message>
    <message>
        <source>Rank lost, all ranks resumed</source>
        <translation>Rang verloren, alle Ränge fortgesetzt</translation>
    </message>
    <message>
        <source>2 processes, optimizer state sharded</source>
        <translation>2 Prozesse, Optimizer-Zustand geteilt</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <source>NaN loss at step %1</source>
        <translation>NaN-Loss in Schritt %1</translation>
    </message>
    <message>
        <source>inf loss at step %1</source>
        <translation>inf-Loss in Schritt %1</translation>
    </message>
    <message>
        <source>non-finite gradients (%1% of values) at step %2</source>
        <translation>nicht endliche Gradienten (%1 % der Werte) in Schritt %2</translation>
    </message>
    <message>
        <source>speed not measurable here (emulated numerics, or not measured on the same device)</source>
        <translation>Geschwindigkeit hier nicht messbar (emulierte Numerik oder nicht auf demselben Gerät gemessen)</translation>
    </message>
    <message>
        <source>%1x speed (p25-p75 %2-%3x, CPU time per step)</source>
        <translation>%1x Geschwindigkeit (p25–p75 %2–%3x, CPU-Zeit pro Schritt)</translation>
    </message>
    <message>
        <source>%1x speed (p25-p75 %2-%3x)</source>
        <translation>%1x Geschwindigkeit (p25–p75 %2–%3x)</translation>
    </message>
    <message>
        <source>, %1x memory</source>
        <translation>, %1x Speicher</translation>
    </message>
    <message>
        <source>no validation result</source>
        <translation>kein Validierungsergebnis</translation>
    </message>
    <message>
        <source>no runs</source>
        <translation>keine Läufe</translation>
    </message>
    <message>
        <source>reference: median %1 ms/step of CPU time (p25-p75 %2-%3)</source>
        <translation>Referenz: Median %1 ms/Schritt CPU-Zeit (p25–p75 %2–%3)</translation>
    </message>
    <message>
        <source>reference: median %1 ms/step (p25-p75 %2-%3)</source>
        <translation>Referenz: Median %1 ms/Schritt (p25–p75 %2–%3)</translation>
    </message>
    <message>
        <source>, val acc %1, val loss %2</source>
        <translation>, Val.-Genauigkeit %1, Val.-Loss %2</translation>
    </message>
    <message>
        <source>Measured step time x steps: %1x the baseline&apos;s (varies with the machine&apos;s load; the headline counts samples).</source>
        <translation>Gemessene Schrittzeit × Schritte: %1x die der Baseline (schwankt mit der Last der Maschine; die Kopfzeile zählt Beispiele).</translation>
    </message>
    <message>
        <source>%1 trials, %2x the baseline&apos;s compute; best %3: </source>
        <translation>%1 Versuche, %2x der Rechenaufwand der Baseline; bester %3: </translation>
    </message>
    <message>
        <source>; precision unchanged, per trial </source>
        <translation>; Präzision unverändert, pro Versuch </translation>
    </message>
    <message>
        <source>FAILED: </source>
        <translation>GESCHEITERT: </translation>
    </message>
    <message>
        <source>identical to the baseline: bit-equal loss at all %1 steps and equal validation; </source>
        <translation>identisch mit der Baseline: bitgleicher Loss in allen %1 Schritten und gleiche Validierung; </translation>
    </message>
    <message>
        <source>; largest per-step training-loss gap to fp32 %1</source>
        <translation>; größter Abstand des Trainings-Loss zu fp32 in einem Schritt %1</translation>
    </message>
    <message>
        <source>; %1 skipped steps, loss scale now %2</source>
        <translation>; %1 übersprungene Schritte, Loss-Skalierung jetzt %2</translation>
    </message>
    <message>
        <source>%1% of gradient values were exactly zero vs %2% in the baseline (fp16 underflow)</source>
        <translation>%1 % der Gradientenwerte waren genau null gegenüber %2 % in der Baseline (fp16-Unterlauf)</translation>
    </message>
    <message>
        <source>%1: fp16=True %2x-%3x faster than true fp32 (the Trainer&apos;s default), %4x-%5x faster than tf32=True (the baseline of published numbers)</source>
        <translation>%1: fp16=True %2x-%3x schneller als echtes fp32 (die Voreinstellung des Trainers), %4x-%5x schneller als tf32=True (die Basis veröffentlichter Zahlen)</translation>
    </message>
    <message>
        <source>%1: fp16=True %2x-%3x faster than true fp32 (the Trainer&apos;s default), %4x-%5x faster than tf32=True (the baseline of published numbers); no published training measurement</source>
        <translation>%1: fp16=True %2x-%3x schneller als echtes fp32 (die Voreinstellung des Trainers), %4x-%5x schneller als tf32=True (die Basis veröffentlichter Zahlen); keine veröffentlichte Trainingsmessung</translation>
    </message>
    <message>
        <source>%1: fp16=True %2x-%3x faster than true fp32 (no TF32 on this GPU)</source>
        <translation>%1: fp16=True %2x-%3x schneller als echtes fp32 (kein TF32 auf dieser GPU)</translation>
    </message>
    <message>
        <source>%1: fp16=True %2x-%3x faster than true fp32 (no TF32 on this GPU); no published training measurement</source>
        <translation>%1: fp16=True %2x-%3x schneller als echtes fp32 (kein TF32 auf dieser GPU); keine veröffentlichte Trainingsmessung</translation>
    </message>
    <message>
        <source>the run ended in an error: %1</source>
        <translation>der Lauf endete mit einem Fehler: %1</translation>
    </message>
    <message>
        <source>learned like the baseline (val acc %1 vs %2, val loss %3 vs %4 at step %5; within %6 validation accuracy and %7 validation loss of fp32)</source>
        <translation>lernte wie die Baseline (Val.-Genauigkeit %1 gegenüber %2, Val.-Loss %3 gegenüber %4 bei Schritt %5; innerhalb von %6 Validierungsgenauigkeit und %7 Validierungs-Loss von fp32)</translation>
    </message>
    <message>
        <source>stalled: its training loss did not fall while the baseline&apos;s did (val acc %1 vs %2, val loss %3 vs %4 at step %5)</source>
        <translation>festgefahren: sein Trainings-Loss sank nicht, während der der Baseline sank (Val.-Genauigkeit %1 gegenüber %2, Val.-Loss %3 gegenüber %4 bei Schritt %5)</translation>
    </message>
    <message>
        <source>did not learn like the baseline (val acc %1 vs %2, val loss %3 vs %4 at step %5)</source>
        <translation>lernte nicht wie die Baseline (Val.-Genauigkeit %1 gegenüber %2, Val.-Loss %3 gegenüber %4 bei Schritt %5)</translation>
    </message>
    <message>
        <source>the baseline did not learn (val acc %1 against a chance level of %2; training loss fell by %3)</source>
        <translation>die Baseline hat nicht gelernt (Val.-Genauigkeit %1 bei einem Zufallsniveau von %2; Trainings-Loss sank um %3)</translation>
    </message>
    <message>
        <source>batch %1 as %2 micro-batches of %3, one optimizer step: </source>
        <translation>Batch %1 als %2 Mikro-Batches zu %3, ein Optimierungsschritt: </translation>
    </message>
    <message>
        <source>each encoder layer recomputed in the backward pass instead of stored: </source>
        <translation>jede Encoder-Schicht im Rückwärtsdurchgang neu berechnet statt gespeichert: </translation>
    </message>
    <message>
        <source>not comparable: its steps, batch, seed, learning rate or precision are not the baseline&apos;s</source>
        <translation>nicht vergleichbar: Schritte, Batch, Seed, Lernrate oder Präzision weichen von der Baseline ab</translation>
    </message>
    <message>
        <source>the same updates as the baseline: bit-equal loss at all %1 steps</source>
        <translation>dieselben Updates wie die Baseline: bitgleicher Loss bei allen %1 Schritten</translation>
    </message>
    <message>
        <source>the same updates as the baseline: loss within %1 relative at all %2 steps (largest gap %3, %4 steps bit-equal; float sums in another order)</source>
        <translation>dieselben Updates wie die Baseline: Loss relativ innerhalb von %1 bei allen %2 Schritten (größte Abweichung %3, %4 Schritte bitgleich; Gleitkommasummen in anderer Reihenfolge)</translation>
    </message>
    <message>
        <source>NOT the baseline&apos;s updates: loss beyond %1 relative (largest gap %3 over %2 steps, %4 bit-equal)</source>
        <translation>NICHT die Updates der Baseline: Loss relativ über %1 (größte Abweichung %3 über %2 Schritte, %4 bitgleich)</translation>
    </message>
    <message>
        <source>; peak memory %1x the baseline&apos;s, lower (measured)</source>
        <translation>; Spitzenspeicher %1x der Baseline, niedriger (gemessen)</translation>
    </message>
    <message>
        <source>; peak memory %1x the baseline&apos;s, NOT lower (measured)</source>
        <translation>; Spitzenspeicher %1x der Baseline, NICHT niedriger (gemessen)</translation>
    </message>
    <message>
        <source>; memory not measurable here (not measured live on the same device)</source>
        <translation>; Speicher hier nicht messbar (nicht live auf demselben Gerät gemessen)</translation>
    </message>
    <message>
        <source>; step time %1x the baseline&apos;s, samples/s %2x (p25-p75 %3-%4x, CPU time per step)</source>
        <translation>; Schrittzeit %1x der Baseline, Beispiele/s %2x (p25–p75 %3–%4x, CPU-Zeit pro Schritt)</translation>
    </message>
    <message>
        <source>; step time %1x the baseline&apos;s, samples/s %2x (p25-p75 %3-%4x)</source>
        <translation>; Schrittzeit %1x der Baseline, Beispiele/s %2x (p25–p75 %3–%4x)</translation>
    </message>
    <message>
        <source>; speed not measurable here</source>
        <translation>; Geschwindigkeit hier nicht messbar</translation>
    </message>
    <message>
        <source>too short to judge: %1 cancelled after %2 of %3 steps</source>
        <translation>zu kurz für ein Urteil: %1 nach %2 von %3 Schritten abgebrochen</translation>
    </message>
    <message>
        <source>too short to judge: %1 ran %2 steps, a verdict needs at least %3</source>
        <translation>zu kurz für ein Urteil: %1 lief %2 Schritte, ein Urteil braucht mindestens %3</translation>
    </message>
    <message>
        <source>The baseline did not learn: every other verdict is inconclusive. Run longer (--steps) or with a larger learning rate before reading them.</source>
        <translation>Die Baseline hat nicht gelernt: jedes andere Urteil ist nicht aussagekräftig. Länger trainieren (--steps) oder mit größerer Lernrate, bevor man sie liest.</translation>
    </message>
    <message>
        <source>; bit-identical to the baseline at all %1 steps so far</source>
        <translation>; bisher bei allen %1 Schritten bitidentisch mit der Baseline</translation>
    </message>
    <message>
        <source>inconclusive: </source>
        <translation>nicht aussagekräftig: </translation>
    </message>
    <message>
        <source>, run longer</source>
        <translation>, länger trainieren</translation>
    </message>
    <message>
        <source>; this run also hit %1</source>
        <translation>; dieser Lauf hatte zudem %1</translation>
    </message>
    <message>
        <source>; bit-identical to the baseline at all %1 steps</source>
        <translation>; bei allen %1 Schritten bitidentisch mit der Baseline</translation>
    </message>
    <message>
        <source>; stopped after %1 of %2 steps: %3 non-finite steps in a row settle it</source>
        <translation>; nach %1 von %2 Schritten beendet: %3 nicht-endliche Schritte in Folge entscheiden es</translation>
    </message>
    <message>
        <source>%1 has the fp32 baseline&apos;s settings and seed, so it is the same run: trained once here and shown under both names (a tuning service trains every trial).</source>
        <translation>%1 hat die Einstellungen und den Seed der fp32-Baseline, ist also derselbe Lauf: hier einmal trainiert und unter beiden Namen gezeigt (ein Tuning-Dienst trainiert jeden Versuch).</translation>
    </message>
    <message>
        <source>%1 has the fp32 baseline&apos;s settings and seed, so it is the same run.</source>
        <translation>%1 hat die Einstellungen und den Seed der fp32-Baseline, ist also derselbe Lauf.</translation>
    </message>
    <message>
        <source>recorded, emulated fp16 numerics</source>
        <translation>aufgezeichnet, emulierte fp16-Numerik</translation>
    </message>
    <message>
        <source>emulated fp16 numerics</source>
        <translation>emulierte fp16-Numerik</translation>
    </message>
    <message>
        <source>recorded live</source>
        <translation>live aufgezeichnet</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>%1 overflowed (</source>
        <translation>%1 ist übergelaufen (</translation>
    </message>
    <message>
        <source>): %1 of %2 steps skipped, loss non-finite at %3 of %2 steps (first at step %4)</source>
        <translation>): %1 von %2 Schritten übersprungen, Loss nicht endlich in %3 von %2 Schritten (zuerst in Schritt %4)</translation>
    </message>
    <message>
        <source>; the loss scale fell from %1 to %2</source>
        <translation>; der Loss-Scale fiel von %1 auf %2</translation>
    </message>
    <message>
        <source>; an outlier channel at 2^%1 times its value exceeds %2&apos;s largest finite value (%3) in the forward pass, where loss scaling and gradient clipping do not reach</source>
        <translation>; ein Ausreißer-Kanal mit dem 2^%1-fachen Wert übersteigt im Vorwärtsdurchlauf den größten endlichen Wert von %2 (%3), wo weder Loss-Scaling noch Gradient-Clipping hinreichen</translation>
    </message>
    <message>
        <source>%1 trained like fp32 (</source>
        <translation>%1 trainierte wie fp32 (</translation>
    </message>
    <message>
        <source>): loss finite at all %1 steps, none skipped, with an outlier channel at 2^%2 times its value; </source>
        <translation>): Loss in allen %1 Schritten endlich, keiner übersprungen, mit einem Ausreißer-Kanal mit dem 2^%2-fachen Wert; </translation>
    </message>
    <message>
        <source>%1 held the outlier channel at 2^%2 times its value (</source>
        <translation>%1 hielt den Ausreißer-Kanal mit dem 2^%2-fachen Wert (</translation>
    </message>
    <message>
        <source>inconclusive: %1 held the outlier channel at 2^%2 times its value (</source>
        <translation>nicht aussagekräftig: %1 hielt den Ausreißer-Kanal mit dem 2^%2-fachen Wert (</translation>
    </message>
    <message>
        <source>; loss finite at all %1 steps, none skipped), but </source>
        <translation>; Loss in allen %1 Schritten endlich, keiner übersprungen), aber </translation>
    </message>
    <message>
        <source>LoRA r=%1 on query and value, base frozen: </source>
        <translation>LoRA r=%1 auf Query und Value, Basis eingefroren: </translation>
    </message>
    <message>
        <source>trains %1 parameters, %3 % of the %2 full fine-tuning trains (counted)</source>
        <translation>trainiert %1 Parameter, %3 % der %2, die volles Fine-Tuning trainiert (gezählt)</translation>
    </message>
    <message>
        <source>trainable parameters not recorded</source>
        <translation>trainierbare Parameter nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>; optimizer state %1 MiB vs %2 MiB, %3x (measured)</source>
        <translation>; Optimizer-Zustand %1 MiB gegenüber %2 MiB, %3x (gemessen)</translation>
    </message>
    <message>
        <source>; optimizer state not measurable here (not measured live on the same device)</source>
        <translation>; Optimizer-Zustand hier nicht messbar (nicht live auf demselben Gerät gemessen)</translation>
    </message>
    <message>
        <source>; step time %1x the baseline&apos;s</source>
        <translation>; Schrittzeit %1x die der Baseline</translation>
    </message>
    <message>
        <source>accuracy inconclusive: </source>
        <translation>Genauigkeit nicht aussagekräftig: </translation>
    </message>
    <message>
        <source>%1 failed (%2).</source>
        <translation>%1 ist gescheitert (%2).</translation>
    </message>
    <message>
        <source>%1 changed nothing: bit-identical to fp32.</source>
        <translation>%1 hat nichts geändert: bitgleich mit fp32.</translation>
    </message>
    <message>
        <source>%1 ran %2 fp32 trials, %3x the training, and never changed precision.</source>
        <translation>%1 lief in %2 fp32-Versuchen, %3x das Training, und hat die Genauigkeit nie geändert.</translation>
    </message>
    <message>
        <source>%1, the answer, learned like fp32.</source>
        <translation>%1, die richtige Antwort, hat wie fp32 gelernt.</translation>
    </message>
    <message>
        <source>%1 learned like fp32.</source>
        <translation>%1 hat wie fp32 gelernt.</translation>
    </message>
    <message>
        <source>%1 ran %2 fp32 trials, %3x the training; none learned like the baseline.</source>
        <translation>%1 lief in %2 fp32-Versuchen, %3x das Training; keiner lernte wie die Basislinie.</translation>
    </message>
    <message>
        <source>%1 did not learn like fp32.</source>
        <translation>%1 hat nicht wie fp32 gelernt.</translation>
    </message>
    <message>
        <source>%1: too short to judge.</source>
        <translation>%1: zu kurz für ein Urteil.</translation>
    </message>
    <message>
        <source>%1: inconclusive.</source>
        <translation>%1: ohne Ergebnis.</translation>
    </message>
    <message>
        <source>Inconclusive: the fp32 baseline did not learn, so no option can be judged; run longer or with a larger learning rate.</source>
        <translation>Ohne Ergebnis: Die fp32-Basislinie hat nicht gelernt, daher lässt sich keine Option beurteilen; länger oder mit größerer Lernrate trainieren.</translation>
    </message>
    <message>
        <source>Too short to judge: the fp32 baseline did not finish.</source>
        <translation>Zu kurz für ein Urteil: Die fp32-Basislinie ist nicht fertig geworden.</translation>
    </message>
    <message>
        <source>this CPU has no bf16 or fp16 matrix units, so reduced precision cannot be faster here: mixed precision pays on hardware with such units, GPU Tensor Cores above all</source>
        <translation>diese CPU hat keine bf16- oder fp16-Matrixeinheiten, daher kann reduzierte Genauigkeit hier nicht schneller sein: Mixed Precision lohnt sich auf Hardware mit solchen Einheiten, vor allem auf GPU-Tensor-Cores</translation>
    </message>
    <message>
        <source>this CPU has bf16/fp16 instructions (%1) but no matrix units (AMX), so reduced precision may run faster or slower here, depending on the chip: mixed precision pays reliably on hardware with matrix units, GPU Tensor Cores above all</source>
        <translation>diese CPU hat bf16/fp16-Befehle (%1), aber keine Matrixeinheiten (AMX), daher kann reduzierte Genauigkeit hier je nach Chip schneller oder langsamer laufen: Mixed Precision lohnt sich verlässlich auf Hardware mit Matrixeinheiten, vor allem auf GPU-Tensor-Cores</translation>
    </message>
    <message>
        <source>this CPU has reduced-precision matrix units (%1), so mixed precision can be measured faster here, as on a GPU&apos;s Tensor Cores</source>
        <translation>diese CPU hat Matrixeinheiten für reduzierte Genauigkeit (%1), daher lässt sich Mixed Precision hier schneller messen, wie auf den Tensor-Cores einer GPU</translation>
    </message>
    <message>
        <source>this GPU (%1) has Tensor Cores: fp16=True&apos;s speed is measured live here</source>
        <translation>diese GPU (%1) hat Tensor-Cores: die Geschwindigkeit von fp16=True wird hier live gemessen</translation>
    </message>
    <message>
        <source>this GPU (%1) predates Tensor Cores (compute capability below 7.0), so fp16=True saves memory here but gains little speed</source>
        <translation>diese GPU (%1) ist älter als Tensor-Cores (Compute Capability unter 7.0), daher spart fp16=True hier Speicher, gewinnt aber kaum Geschwindigkeit</translation>
    </message>
    <message>
        <source>this device&apos;s reduced-precision units are not known: a speed figure measured here says nothing about other hardware</source>
        <translation>die Einheiten dieses Geräts für reduzierte Genauigkeit sind unbekannt: eine hier gemessene Geschwindigkeit sagt nichts über andere Hardware</translation>
    </message>
    <message>
        <source>slower here because this CPU has no bf16 or fp16 matrix units: the casts cost time and the matrix multiplies are no faster; the hardware, not the method</source>
        <translation>hier langsamer, weil diese CPU keine bf16- oder fp16-Matrixeinheiten hat: die Umwandlungen kosten Zeit, und die Matrixmultiplikationen werden nicht schneller; das liegt an der Hardware, nicht an der Methode</translation>
    </message>
    <message>
        <source>slower here because this CPU has bf16/fp16 instructions (%1) but no matrix units (AMX): its reduced-precision matrix multiplies run no faster than fp32&apos;s, and the casts cost time; the hardware, not the method</source>
        <translation>hier langsamer, weil diese CPU bf16/fp16-Befehle (%1), aber keine Matrixeinheiten (AMX) hat: ihre Matrixmultiplikationen in reduzierter Genauigkeit sind nicht schneller als in fp32, und die Umwandlungen kosten Zeit; das liegt an der Hardware, nicht an der Methode</translation>
    </message>
    <message>
        <source>slower here despite the matrix units (%1): at this model and batch size the casts and small matrix multiplies outweigh them; a larger model or batch shows the gain</source>
        <translation>hier trotz der Matrixeinheiten (%1) langsamer: bei dieser Modell- und Batchgröße überwiegen die Umwandlungen und kleinen Matrixmultiplikationen; ein größeres Modell oder ein größerer Batch zeigt den Gewinn</translation>
    </message>
    <message>
        <source>slower here: at this small model and batch the GPU waits on kernel launches, not arithmetic; a larger batch or model shows the Tensor Core gain</source>
        <translation>hier langsamer: bei diesem kleinen Modell und Batch wartet die GPU auf Kernel-Starts, nicht auf Rechenarbeit; ein größerer Batch oder ein größeres Modell zeigt den Gewinn der Tensor-Cores</translation>
    </message>
    <message>
        <source>slower here because this GPU has no Tensor Cores: fp16 arithmetic is no faster than fp32 on it</source>
        <translation>hier langsamer, weil diese GPU keine Tensor-Cores hat: fp16-Arithmetik ist auf ihr nicht schneller als fp32</translation>
    </message>
    <message>
        <source>slower on this device, whose reduced-precision units are not known; the figure says nothing about a GPU</source>
        <translation>langsamer auf diesem Gerät, dessen Einheiten für reduzierte Genauigkeit unbekannt sind; der Wert sagt nichts über eine GPU</translation>
    </message>
    <message>
        <source>%1, %2 (sequence %3), %4: mixed precision %5x %6 (%7 vs %8 samples/s, %9)</source>
        <translation>%1, %2 (Sequenz %3), %4: Mixed Precision %5x %6 (%7 gegen %8 Beispiele/s, %9)</translation>
    </message>
    <message>
        <source>%1 measured on %2 (%3): %4x fp32 (p25-p75 %5-%6x)%7</source>
        <translation>%1 gemessen auf %2 (%3): %4x fp32 (p25-p75 %5-%6x)%7</translation>
    </message>
    <message>
        <source>fp16=True&apos;s numerics are emulated on this CPU (values rounded to fp16 as a GPU would hold them): its speed here is not a measurement</source>
        <translation>die Numerik von fp16=True wird auf dieser CPU emuliert (Werte auf fp16 gerundet, wie eine GPU sie hielte): ihre Geschwindigkeit hier ist keine Messung</translation>
    </message>
    <message>
        <source>faster on GPU Tensor Cores (published measurements), not on this machine</source>
        <translation>schneller auf GPU-Tensor-Cores (veröffentlichte Messungen), nicht auf diesem Rechner</translation>
    </message>
    <message>
        <source>Speed: published GPU measurements show mixed precision %1x-%2x faster than fp32 or TF32; this machine does not show it (see why below).</source>
        <translation>Geschwindigkeit: Veröffentlichte GPU-Messungen zeigen Mixed Precision %1x-%2x schneller als fp32 oder TF32; dieser Rechner zeigt das nicht (Grund unten).</translation>
    </message>
    <message>
        <source>Speed cannot be measured for emulated fp16 on this CPU: the live bf16=True run measures the same mechanism here, as fast as this CPU&apos;s bf16 units allow (the speed evidence says what they allow); a CUDA GPU measures fp16 itself.</source>
        <translation>Die Geschwindigkeit von emuliertem fp16 lässt sich auf dieser CPU nicht messen: Der Live-Lauf bf16=True misst hier denselben Mechanismus, so schnell, wie die bf16-Einheiten dieser CPU es erlauben (die Belege zur Geschwindigkeit sagen, was sie erlauben); eine CUDA-GPU misst fp16 selbst.</translation>
    </message>
    <message>
        <source>estimated for %1 (batch %2, sequence %3) on Vertex AI GPUs, from the Hugging Face Trainer to optimized code: fp16=True %4x-%5x faster than true fp32 (the Trainer&apos;s default); on A100 %6x-%7x faster than tf32=True (the baseline of published numbers); at most %8x the memory; T4 and L4 have no published training measurement</source>
        <translation>geschätzt für %1 (Batch %2, Sequenz %3) auf Vertex-AI-GPUs, vom Hugging Face Trainer bis zu optimiertem Code: fp16=True %4x-%5x schneller als echtes fp32 (die Voreinstellung des Trainers); auf A100 %6x-%7x schneller als tf32=True (die Basis veröffentlichter Zahlen); höchstens %8x des Speichers; für T4 und L4 gibt es keine veröffentlichte Trainingsmessung</translation>
    </message>
    <message>
        <source>this CPU has no bf16/fp16 matrix units: mixed precision cannot be faster here</source>
        <translation>diese CPU hat keine bf16/fp16-Matrixeinheiten: Mixed Precision kann hier nicht schneller sein</translation>
    </message>
    <message>
        <source>this CPU has bf16 instructions but no matrix units (AMX): mixed precision may or may not be faster here</source>
        <translation>diese CPU hat bf16-Befehle, aber keine Matrixeinheiten (AMX): Mixed Precision kann hier schneller sein oder nicht</translation>
    </message>
    <message>
        <source>this CPU has matrix units (%1): mixed precision can be faster here</source>
        <translation>diese CPU hat Matrixeinheiten (%1): Mixed Precision kann hier schneller sein</translation>
    </message>
    <message>
        <source>this GPU has Tensor Cores: fp16=True measured here</source>
        <translation>diese GPU hat Tensor-Cores: fp16=True wird hier gemessen</translation>
    </message>
    <message>
        <source>this GPU has no Tensor Cores: little speed to gain here</source>
        <translation>diese GPU hat keine Tensor-Cores: hier ist wenig Geschwindigkeit zu gewinnen</translation>
    </message>
    <message>
        <source>this device&apos;s matrix units are not known</source>
        <translation>die Matrixeinheiten dieses Geräts sind unbekannt</translation>
    </message>
    <message>
        <source>slower: no matrix units on this CPU, the hardware, not the method</source>
        <translation>langsamer: keine Matrixeinheiten auf dieser CPU; das liegt an der Hardware, nicht an der Methode</translation>
    </message>
    <message>
        <source>slower: too small a model or batch to gain</source>
        <translation>langsamer: Modell oder Batch zu klein für einen Gewinn</translation>
    </message>
    <message>
        <source>slower: no Tensor Cores on this GPU</source>
        <translation>langsamer: keine Tensor-Cores auf dieser GPU</translation>
    </message>
    <message>
        <source>slower on this device</source>
        <translation>langsamer auf diesem Gerät</translation>
    </message>
    <message>
        <source>%1 %2x %3 (%4)</source>
        <translation>%1 %2x %3 (%4)</translation>
    </message>
    <message>
        <source>%1, %2: %3x fp32</source>
        <translation>%1, %2: %3x fp32</translation>
    </message>
    <message>
        <source>fp16=True: numerics emulated here, so no speed figure</source>
        <translation>fp16=True: Numerik hier emuliert, daher kein Geschwindigkeitswert</translation>
    </message>
    <message>
        <source>BERT base, batch 32, sequence 128 on Vertex AI GPUs: %1x-%2x true fp32</source>
        <translation>BERT base, Batch 32, Sequenz 128 auf Vertex-AI-GPUs: %1x-%2x gegenüber echtem fp32</translation>
    </message>
    <message>
        <source>on GPUs, BERT fine-tuning: %1</source>
        <translation>auf GPUs, BERT-Feinabstimmung: %1</translation>
    </message>
    <message>
        <source>batch %1 instead of %2 at the same learning rate: other updates (loss up to %3 relative from the baseline&apos;s at the same step, %4 steps compared)</source>
        <translation>Batch %1 statt %2 bei gleicher Lernrate: andere Updates (Loss bis zu %3 relativ von dem der Baseline beim selben Schritt entfernt, %4 Schritte verglichen)</translation>
    </message>
    <message>
        <source>; step time %1x the baseline&apos;s, examples/s %2x (CPU time per step)</source>
        <translation>; Schrittzeit %1x der Baseline, Beispiele/s %2x (CPU-Zeit pro Schritt)</translation>
    </message>
    <message>
        <source>; step time %1x the baseline&apos;s, examples/s %2x</source>
        <translation>; Schrittzeit %1x der Baseline, Beispiele/s %2x</translation>
    </message>
    <message>
        <source>speed not comparable: the baseline was timed at another time, under other load; run both together to compare</source>
        <translation>Geschwindigkeit nicht vergleichbar: die Baseline wurde zu einer anderen Zeit unter anderer Last gemessen; zum Vergleich beide zusammen laufen lassen</translation>
    </message>
    <message>
        <source>NOT the baseline&apos;s updates: its loss was non-finite at a step where the baseline&apos;s was not, or the reverse</source>
        <translation>NICHT die Updates der Baseline: ihr Loss war bei einem Schritt nicht endlich, bei dem der Loss der Baseline endlich war, oder umgekehrt</translation>
    </message>
    <message>
        <source>NOT comparable step by step: %1 of the baseline&apos;s %2 steps have a loss to compare</source>
        <translation>NICHT Schritt für Schritt vergleichbar: %1 der %2 Schritte der Baseline haben einen Loss zum Vergleich</translation>
    </message>
    <message>
        <source> (chance accuracy %1)</source>
        <translation> (Zufallsgenauigkeit %1)</translation>
    </message>
    <message>
        <source>too short to judge: %1 ran %2 step, a verdict needs at least %3</source>
        <translation>zu kurz für ein Urteil: %1 lief %2 Schritt, ein Urteil braucht mindestens %3</translation>
    </message>
    <message>
        <source>the baseline did not learn (val acc %1 against a chance level of %2; training loss rose by %3)</source>
        <translation>die Baseline hat nicht gelernt (Val.-Genauigkeit %1 bei einem Zufallsniveau von %2; Trainings-Loss stieg um %3)</translation>
    </message>
    <message>
        <source>not evaluated yet; </source>
        <translation>noch nicht evaluiert; </translation>
    </message>
    <message>
        <source>too early to judge: the baseline has not reached its first evaluation</source>
        <translation>zu früh für ein Urteil: die Baseline hat ihre erste Evaluierung noch nicht erreicht</translation>
    </message>
    <message>
        <source>Speed: mixed precision was faster where these runs were recorded (%1: %2 %3x fp32), and published GPU measurements agree (%4x-%5x).</source>
        <translation>Geschwindigkeit: Mixed Precision war dort schneller, wo diese Läufe aufgezeichnet wurden (%1: %2 %3x fp32), und veröffentlichte GPU-Messungen stimmen damit überein (%4x-%5x).</translation>
    </message>
    <message>
        <source>%1, %2: %3x fp32&apos;s speed, %4x its peak memory</source>
        <translation>%1, %2: %3x die Geschwindigkeit von fp32, %4x dessen Spitzenspeicher</translation>
    </message>
    <message>
        <source>%1 ran with real fp16 kernels here, but this CPU has no fp16 units (avx512_fp16, amx_fp16): each product converts element by element, so its step time is no measure of the method</source>
        <translation>%1 lief hier mit echten fp16-Kernels, aber diese CPU hat keine fp16-Einheiten (avx512_fp16, amx_fp16): jedes Produkt wird Element für Element umgewandelt, daher misst seine Schrittzeit nicht das Verfahren</translation>
    </message>
    <message>
        <source>%1: live fp16, but no fp16 units on this CPU, so no speed figure</source>
        <translation>%1: fp16 live, aber keine fp16-Einheiten auf dieser CPU, daher keine Geschwindigkeitsangabe</translation>
    </message>
    <message>
        <source>faster, measured here with %1 itself (%2): %3x fp32&apos;s speed</source>
        <translation>schneller, hier mit %1 selbst gemessen (%2): %3x die Geschwindigkeit von fp32</translation>
    </message>
    <message>
        <source>not faster on this machine, measured with %1 itself (%2): %3x fp32&apos;s speed</source>
        <translation>auf diesem Rechner nicht schneller, mit %1 selbst gemessen (%2): %3x die Geschwindigkeit von fp32</translation>
    </message>
    <message>
        <source>mixed precision, measured here with %1, the same autocast mechanism: %2x fp32&apos;s speed</source>
        <translation>Mixed Precision, hier mit %1 gemessen, demselben Autocast-Mechanismus: %2x die Geschwindigkeit von fp32</translation>
    </message>
    <message>
        <source>%1x fp32&apos;s peak memory, measured with %2 itself</source>
        <translation>%1x der Spitzenspeicher von fp32, mit %2 selbst gemessen</translation>
    </message>
    <message>
        <source>Memory: %1x fp32&apos;s peak, measured here with %2 itself.</source>
        <translation>Speicher: %1x der Spitze von fp32, hier mit %2 selbst gemessen.</translation>
    </message>
    <message>
        <source>%1x fp32&apos;s peak memory, measured with %2, the same mechanism</source>
        <translation>%1x der Spitzenspeicher von fp32, mit %2 gemessen, demselben Mechanismus</translation>
    </message>
    <message>
        <source>Memory: %1x fp32&apos;s peak, measured here with %2, the same mechanism; %3 itself was not measured here.</source>
        <translation>Speicher: %1x der Spitze von fp32, hier mit %2 gemessen, demselben Mechanismus; %3 selbst wurde hier nicht gemessen.</translation>
    </message>
    <message>
        <source>Speed: %1 itself measured faster on this machine (%2x fp32, live, %3), and published GPU measurements agree (%4x-%5x).</source>
        <translation>Geschwindigkeit: %1 selbst wurde auf diesem Rechner schneller gemessen (%2x fp32, live, %3), und veröffentlichte GPU-Messungen stimmen überein (%4x-%5x).</translation>
    </message>
    <message>
        <source>Speed: %1 itself measured %2x fp32 on this machine (live, %3), not faster here; published GPU measurements show mixed precision %4x-%5x faster.</source>
        <translation>Geschwindigkeit: %1 selbst wurde auf diesem Rechner mit %2x fp32 gemessen (live, %3), hier nicht schneller; veröffentlichte GPU-Messungen zeigen Mixed Precision %4x-%5x schneller.</translation>
    </message>
    <message>
        <source>Speed: mixed precision measured faster on this machine with %1, the same autocast mechanism (%2x fp32, live; %3 itself was not timed here), and published GPU measurements agree (%4x-%5x).</source>
        <translation>Geschwindigkeit: Mixed Precision wurde auf diesem Rechner mit %1, demselben Autocast-Mechanismus, schneller gemessen (%2x fp32, live; %3 selbst wurde hier nicht gemessen), und veröffentlichte GPU-Messungen stimmen überein (%4x-%5x).</translation>
    </message>
    <message>
        <source>Speed is not a measure of the method here: fp16 ran with real kernels on a CPU without fp16 units, converting element by element; its numerics and peak memory are live. The live bf16=True run measures the same mechanism&apos;s speed here; a CUDA GPU or a CPU with avx512_fp16 measures fp16 itself.</source>
        <translation>Die Geschwindigkeit misst hier nicht das Verfahren: fp16 lief mit echten Kernels auf einer CPU ohne fp16-Einheiten und wandelte Element für Element um; seine Numerik und sein Spitzenspeicher sind live. Der Live-Lauf bf16=True misst hier die Geschwindigkeit desselben Mechanismus; eine CUDA-GPU oder eine CPU mit avx512_fp16 misst fp16 selbst.</translation>
    </message>
    <message>
        <source>running: judged once its runs have ended</source>
        <translation>läuft: beurteilt, sobald seine Läufe beendet sind</translation>
    </message>
    <message>
        <source>the resume failed: %1</source>
        <translation>die Fortsetzung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the run to be killed failed before its kill: %1</source>
        <translation>der abzubrechende Lauf ist vor seinem Abbruch fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the uninterrupted run failed: %1</source>
        <translation>der ununterbrochene Lauf ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>; lost work: 1 step since checkpoint-%1 (%2 ms measured), done again</source>
        <translation>; verlorene Arbeit: 1 Schritt seit checkpoint-%1 (%2 ms gemessen), erneut ausgeführt</translation>
    </message>
    <message>
        <source>; lost work: %1 steps since checkpoint-%2 (%3 ms measured), done again</source>
        <translation>; verlorene Arbeit: %1 Schritte seit checkpoint-%2 (%3 ms gemessen), erneut ausgeführt</translation>
    </message>
    <message>
        <source>too short to judge: the run was killed before its first checkpoint</source>
        <translation>zu kurz für ein Urteil: der Lauf wurde vor seinem ersten Checkpoint abgebrochen</translation>
    </message>
    <message>
        <source>too short to judge: a run did not finish or has fewer than %1 steps</source>
        <translation>zu kurz für ein Urteil: ein Lauf wurde nicht fertig oder hat weniger als %1 Schritte</translation>
    </message>
    <message>
        <source>inconclusive: the killed and resumed runs&apos; steps are not 1..%1 in order, so they cannot be compared</source>
        <translation>nicht aussagekräftig: die Schritte des abgebrochenen und des fortgesetzten Laufs sind nicht 1..%1 der Reihe nach und lassen sich daher nicht vergleichen</translation>
    </message>
    <message>
        <source>the resumed curve equals the uninterrupted one: %1 steps bit-equal</source>
        <translation>die fortgesetzte Kurve gleicht der ununterbrochenen: %1 Schritte bitgleich</translation>
    </message>
    <message>
        <source>the resumed curve continues the uninterrupted one within %1 relative (largest gap %2, %3 of %4 steps bit-equal)</source>
        <translation>die fortgesetzte Kurve setzt die ununterbrochene relativ innerhalb von %1 fort (größte Abweichung %2, %3 von %4 Schritten bitgleich)</translation>
    </message>
    <message>
        <source>the resumed curve DIFFERS from the uninterrupted one from step %1 (largest relative gap %2): the checkpoint missed part of the run&apos;s state</source>
        <translation>die fortgesetzte Kurve WEICHT ab Schritt %1 von der ununterbrochenen AB (größte relative Abweichung %2): dem Checkpoint fehlte ein Teil des Laufzustands</translation>
    </message>
    <message>
        <source>batch %1 split over 2 processes (%2 each), gradients averaged by an all-reduce: </source>
        <translation>Batch %1 auf 2 Prozesse verteilt (je %2), Gradienten durch ein All-Reduce gemittelt: </translation>
    </message>
    <message>
        <source>NOT data-parallel: none of its steps recorded an all-reduce (it ran as one process)</source>
        <translation>NICHT datenparallel: keiner seiner Schritte hat ein All-Reduce aufgezeichnet (er lief als ein Prozess)</translation>
    </message>
    <message>
        <source>the same updates as the one-process baseline: loss within %1 relative at all %2 steps (largest gap %4, %3 relative; %5 steps bit-equal: the averaged gradient adds the same numbers in another order, so it rounds differently)</source>
        <translation>dieselben Updates wie die Ein-Prozess-Baseline: Loss relativ innerhalb von %1 bei allen %2 Schritten (größte Abweichung %4, %3 relativ; %5 Schritte bitgleich: der gemittelte Gradient addiert dieselben Zahlen in anderer Reihenfolge und rundet daher anders)</translation>
    </message>
    <message>
        <source>NOT the baseline&apos;s updates: loss beyond %1 relative (largest gap %4, %3 relative, over %2 steps, %5 bit-equal)</source>
        <translation>NICHT die Updates der Baseline: Loss relativ über %1 (größte Abweichung %4, %3 relativ, über %2 Schritte, %5 bitgleich)</translation>
    </message>
    <message>
        <source>; each step: %1 ms compute + %2 ms gradient all-reduce of %3 MB per process, the all-reduce %4 % of the step (rank 0&apos;s wall-clock medians over %5 steps; the all-reduce includes waiting for the other process)</source>
        <translation>; jeder Schritt: %1 ms Rechnen + %2 ms Gradienten-All-Reduce von %3 MB pro Prozess, das All-Reduce %4 % des Schritts (Mediane der Wanduhrzeit von Rang 0 über %5 Schritte; das All-Reduce schließt das Warten auf den anderen Prozess ein)</translation>
    </message>
    <message>
        <source>; peak memory %1 MiB per process, %2x the one-process run&apos;s (measured)</source>
        <translation>; Spitzenspeicher %1 MiB pro Prozess, %2x der des Ein-Prozess-Laufs (gemessen)</translation>
    </message>
    <message>
        <source>; peak memory %1 MiB per process (measured)</source>
        <translation>; Spitzenspeicher %1 MiB pro Prozess (gemessen)</translation>
    </message>
    <message>
        <source>; not a speed measurement: each process computes half the batch, and here the 2 processes share the machine&apos;s cores with the baseline (precisionlab-cli bench measures 2 workers against 1)</source>
        <translation>; keine Geschwindigkeitsmessung: jeder Prozess rechnet den halben Batch, und hier teilen sich die 2 Prozesse die Kerne des Rechners mit der Baseline (precisionlab-cli bench misst 2 Worker gegen 1)</translation>
    </message>
    <message>
        <source>the restart of every rank failed: %1</source>
        <translation>der Neustart aller Ränge ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the job that was to lose a rank did not fail as one that lost a rank: %1</source>
        <translation>der Job, der einen Rang verlieren sollte, ist nicht wie ein Job gescheitert, der einen Rang verloren hat: %1</translation>
    </message>
    <message>
        <source>the uninterrupted 2-rank job failed: %1</source>
        <translation>der ununterbrochene Job mit 2 Rängen ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>rank 1 stopped after step %1 without closing its connections (SIGSTOP, as a worker whose machine vanished; killed with SIGKILL once the job had failed, since a killed process closes its connections and Gloo then fails at once), so rank 0 waited %2 s in its collective, the whole collective timeout of %3 s, and the job failed: %4</source>
        <translation>Rang 1 wurde nach Schritt %1 angehalten, ohne seine Verbindungen zu schließen (SIGSTOP, wie ein Worker, dessen Maschine verschwunden ist; erst nach dem Scheitern des Jobs mit SIGKILL beendet, denn ein beendeter Prozess schließt seine Verbindungen, und Gloo scheitert dann sofort), also wartete Rang 0 %2 s in seiner Collective-Operation, den ganzen Collective-Timeout von %3 s, und der Job scheiterte: %4</translation>
    </message>
    <message>
        <source>rank 1 stopped after step %1, but rank 0&apos;s collective failed after %2 s, before the collective timeout of %3 s (the stopped rank&apos;s connections closed), and the job failed: %4</source>
        <translation>Rang 1 wurde nach Schritt %1 angehalten, aber die Collective-Operation von Rang 0 scheiterte nach %2 s, vor dem Collective-Timeout von %3 s (die Verbindungen des angehaltenen Rangs wurden geschlossen), und der Job scheiterte: %4</translation>
    </message>
    <message>
        <source>; then every rank restarted from checkpoint-%1 and the resumed curve equals the uninterrupted job&apos;s: %2 steps bit-equal</source>
        <translation>; dann starteten alle Ränge von checkpoint-%1 neu, und die fortgesetzte Kurve gleicht der des ununterbrochenen Jobs: %2 Schritte bitgleich</translation>
    </message>
    <message>
        <source>; then every rank restarted from checkpoint-%1 and the resumed curve continues the uninterrupted job&apos;s within %2 relative (largest gap %3, %4 of %5 steps bit-equal)</source>
        <translation>; dann starteten alle Ränge von checkpoint-%1 neu, und die fortgesetzte Kurve setzt die des ununterbrochenen Jobs relativ innerhalb von %2 fort (größte Abweichung %3, %4 von %5 Schritten bitgleich)</translation>
    </message>
    <message>
        <source>; then every rank restarted from checkpoint-%1, but the resumed curve DIFFERS from the uninterrupted job&apos;s from step %2 (largest relative gap %3)</source>
        <translation>; dann starteten alle Ränge von checkpoint-%1 neu, aber die fortgesetzte Kurve WEICHT ab Schritt %2 von der des ununterbrochenen Jobs AB (größte relative Abweichung %3)</translation>
    </message>
    <message>
        <source>inconclusive: the second job did not end as a job that lost a rank (no failed collective measured)</source>
        <translation>nicht aussagekräftig: der zweite Job endete nicht wie ein Job, der einen Rang verloren hat (keine gescheiterte Collective-Operation gemessen)</translation>
    </message>
    <message>
        <source>inconclusive: the failed and resumed jobs&apos; steps are not 1..%1 in order, so they cannot be compared</source>
        <translation>nicht aussagekräftig: die Schritte des gescheiterten und des fortgesetzten Jobs sind nicht 1..%1 in Reihenfolge und lassen sich daher nicht vergleichen</translation>
    </message>
    <message>
        <source>; restarting only the lost worker would not help: the new process cannot join the group rank 0 waits in, so a longer timeout only makes rank 0 wait longer before the same failure, and this job ran on Gloo, whose group did not survive the lost rank either</source>
        <translation>; nur den verlorenen Worker neu zu starten, hilft nicht: der neue Prozess kann der Gruppe, in der Rang 0 wartet, nicht beitreten, ein längerer Timeout lässt Rang 0 also nur länger bis zum selben Scheitern warten, und dieser Job lief auf Gloo, dessen Gruppe den verlorenen Rang ebenfalls nicht überstand</translation>
    </message>
    <message>
        <source>AdamW&apos;s state per process, measured on each of the %2 processes: %1 MB replicated (DistributedDataParallel: every process keeps all of it), %3 MB at most sharded, %4x the replicated state (1/%2 = %5); the %2 shards together hold %6 MB, one copy</source>
        <translation>AdamW-Zustand pro Prozess, auf jedem der %2 Prozesse gemessen: %1 MB repliziert (DistributedDataParallel: jeder Prozess hält alles), höchstens %3 MB geteilt, %4x des replizierten Zustands (1/%2 = %5); die %2 Teile zusammen halten %6 MB, eine Kopie</translation>
    </message>
    <message>
        <source>the optimizer state was NOT divided: %1 MB per process replicated, %3 MB on the largest of the %2 shards (%4x, where 1/%2 = %5), %6 MB in all</source>
        <translation>der Optimizer-Zustand wurde NICHT aufgeteilt: %1 MB pro Prozess repliziert, %3 MB im größten der %2 Teile (%4x, wo 1/%2 = %5), %6 MB insgesamt</translation>
    </message>
    <message>
        <source>; weights %1 MB and gradients %2 MB stay whole on every process in both jobs (ZeRO stage 1 shards only the optimizer state); peak memory per process %3 MiB replicated, %4 MiB sharded (measured, the largest rank)</source>
        <translation>; Gewichte %1 MB und Gradienten %2 MB bleiben in beiden Jobs auf jedem Prozess vollständig (ZeRO Stufe 1 teilt nur den Optimizer-Zustand); Spitzenspeicher pro Prozess %3 MiB repliziert, %4 MiB geteilt (gemessen, der größte Rang)</translation>
    </message>
    <message>
        <source>; estimated (formula) for a 20-billion-parameter model on %1 GPUs of %2 GB at 16 bytes a parameter (mixed precision with Adam: 2 for weights, 2 for gradients, 12 for the optimizer&apos;s fp32 master weights, m and v): replicated on every GPU as DDP keeps it, %3 GB per GPU, more than its %2 GB; the optimizer state sharded over the %1 GPUs as here (2 + 2 + 12/%1 bytes), %4 GB, still more; weights, gradients and optimizer state all sharded as FSDP and ZeRO-3 do (16/%1 bytes), %5 GB, which fits</source>
        <translation>; geschätzt (Formel) für ein Modell mit 20 Milliarden Parametern auf %1 GPUs mit je %2 GB bei 16 Byte pro Parameter (Mixed Precision mit Adam: 2 für Gewichte, 2 für Gradienten, 12 für die fp32-Mastergewichte, m und v des Optimizers): auf jeder GPU repliziert, wie DDP es hält, %3 GB pro GPU, mehr als ihre %2 GB; nur der Optimizer-Zustand auf die %1 GPUs verteilt wie hier (2 + 2 + 12/%1 Byte), %4 GB, immer noch mehr; Gewichte, Gradienten und Optimizer-Zustand alle verteilt wie bei FSDP und ZeRO-3 (16/%1 Byte), %5 GB, das passt</translation>
    </message>
    <message>
        <source>too short to judge: a job did not finish or has fewer than %1 steps</source>
        <translation>zu kurz für ein Urteil: ein Job wurde nicht fertig oder hat weniger als %1 Schritte</translation>
    </message>
    <message>
        <source>inconclusive: the two jobs differ in more than where the optimizer state lives</source>
        <translation>nicht eindeutig: die beiden Jobs unterscheiden sich in mehr als dem Ort des Optimizer-Zustands</translation>
    </message>
    <message>
        <source>inconclusive: a job reported no memory per process (its summary line is missing)</source>
        <translation>nicht eindeutig: ein Job meldete keinen Speicher pro Prozess (seine Zusammenfassungszeile fehlt)</translation>
    </message>
    <message>
        <source>; the same updates: the sharded job&apos;s loss within %1 relative of the replicated job&apos;s at all %2 steps (largest gap %3, %4 relative; %5 steps bit-equal)</source>
        <translation>; dieselben Updates: der Loss des geteilten Jobs relativ innerhalb von %1 des replizierten bei allen %2 Schritten (größte Abweichung %3, relativ %4; %5 Schritte bitgleich)</translation>
    </message>
    <message>
        <source>; NOT the same updates: %2 of %6 steps compared, the loss beyond %1 relative (largest gap %3, %4 relative; %5 bit-equal)</source>
        <translation>; NICHT dieselben Updates: %2 von %6 Schritten verglichen, der Loss relativ über %1 hinaus (größte Abweichung %3, relativ %4; %5 bitgleich)</translation>
    </message>
    <message>
        <source>the job &quot;%1&quot; failed: %2</source>
        <translation>der Job „%1“ ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>faster on a GPU, measured with %1 (recorded on %2): %3x fp32&apos;s speed; not on this machine</source>
        <translation>schneller auf einer GPU, gemessen mit %1 (aufgezeichnet auf %2): %3x die Geschwindigkeit von fp32; nicht auf diesem Rechner</translation>
    </message>
    <message>
        <source>faster where it was recorded (%1), measured with %2: %3x fp32&apos;s speed</source>
        <translation>schneller dort, wo aufgezeichnet wurde (%1), gemessen mit %2: %3x die Geschwindigkeit von fp32</translation>
    </message>
    <message>
        <source>%1x fp32&apos;s peak memory, recorded with %2</source>
        <translation>%1x der Spitzenspeicher von fp32, mit %2 aufgezeichnet</translation>
    </message>
    <message>
        <source>Memory: %1x fp32&apos;s peak where these runs were recorded (%2), measured with %3 itself.</source>
        <translation>Speicher: %1x der Spitze von fp32 dort, wo diese Läufe aufgezeichnet wurden (%2), mit %3 selbst gemessen.</translation>
    </message>
    <message>
        <source>Memory: %1x fp32&apos;s peak where these runs were recorded (%2), measured with %3, the same mechanism; %4 itself was not measured there.</source>
        <translation>Speicher: %1x der Spitze von fp32 dort, wo diese Läufe aufgezeichnet wurden (%2), mit %3 gemessen, demselben Mechanismus; %4 selbst wurde dort nicht gemessen.</translation>
    </message>
    <message>
        <source>Speed is not a measure of fp16 weights here: their fp16 numerics ran on a CPU without fp16 units (converted element by element, or emulated); a CUDA GPU or a CPU with avx512_fp16 measures them.</source>
        <translation>Die Geschwindigkeit misst hier keine fp16-Gewichte: ihre fp16-Numerik lief auf einer CPU ohne fp16-Einheiten (Element für Element umgewandelt oder emuliert); eine CUDA-GPU oder eine CPU mit avx512_fp16 misst sie.</translation>
    </message>
</context>
<context>
    <name>precisionlab::BankLint</name>
    <message>
        <source> (with %1)</source>
        <translation> (mit %1)</translation>
    </message>
    <message>
        <source>&quot;%1&quot;%2 appears in wrong options of %3 questions (%4) and in keyed options of %5, so a learner can rule it out by pattern: vary the distractors</source>
        <translation>„%1“%2 steht in falschen Optionen von %3 Fragen (%4) und in Lösungsoptionen von %5, also kann ein Lernender es am Muster ausschließen: Distraktoren variieren</translation>
    </message>
    <message>
        <source>&quot;%1&quot; refers to the other options, whose order the app shuffles, and is a known answer cue: write the option out as its own claim</source>
        <translation>„%1“ bezieht sich auf die anderen Optionen, deren Reihenfolge die App mischt, und ist ein bekannter Antworthinweis: die Option als eigene Aussage ausschreiben</translation>
    </message>
    <message>
        <source>a multiple-answer question whose stem does not say how many to choose; say it (&quot;Which %1 ...&quot;, &quot;Choose %1.&quot;), as the exam does</source>
        <translation>eine Frage mit mehreren Antworten, deren Stamm nicht sagt, wie viele zu wählen sind; sagen Sie es („Which %1 ...“, „Choose %1.“), wie die Prüfung es tut</translation>
    </message>
    <message>
        <source>the stem says &quot;%1&quot; but %2 options are keyed correct</source>
        <translation>der Stamm sagt „%1“, aber %2 Optionen sind als richtig markiert</translation>
    </message>
    <message>
        <source>a wrong option links the lab scenario &apos;%1&apos;, whose run shows %2: the lab would argue for this option; remove the link or link a run that shows why it fails</source>
        <translation>eine falsche Option verweist auf das Laborszenario &apos;%1&apos;, dessen Lauf %2 zeigt: Das Labor würde für diese Option sprechen; entfernen Sie den Verweis oder verweisen Sie auf einen Lauf, der zeigt, warum sie scheitert</translation>
    </message>
    <message>
        <source>the keyed option links the lab scenario &apos;%1&apos;, whose run shows %2: the lab would argue against the key; remove the link or link a run that shows the key working</source>
        <translation>die Lösungsoption verweist auf das Laborszenario &apos;%1&apos;, dessen Lauf %2 zeigt: Das Labor würde gegen die Lösung sprechen; entfernen Sie den Verweis oder verweisen Sie auf einen Lauf, der die Lösung funktionieren lässt</translation>
    </message>
    <message>
        <source>links the lab scenario &apos;%1&apos;, which does not exist (known: %2)</source>
        <translation>verweist auf das Laborszenario „%1“, das es nicht gibt (bekannt: %2)</translation>
    </message>
    <message>
        <source>absolute words (always, never, only, all, none, nothing) appear in %1 wrong options (%2) and %3 keyed ones, so &quot;an absolute claim is wrong&quot; scores: qualify the distractors or let keys make absolute claims where they are true</source>
        <translation>absolute Wörter (always, never, only, all, none, nothing) stehen in %1 falschen Optionen (%2) und %3 richtigen, also punktet „eine absolute Aussage ist falsch“: schwächen Sie die Distraktoren ab oder lassen Sie richtige Antworten absolute Aussagen machen, wo sie stimmen</translation>
    </message>
    <message>
        <source>the stem shares the uncommon words %1 with the key and with no wrong option, so the wording points at the key: reword the stem or use the words in a distractor too</source>
        <translation>der Fragetext teilt die seltenen Wörter %1 mit der richtigen Antwort und mit keiner falschen Option, die Formulierung verrät also die Antwort: formulieren Sie den Fragetext um oder verwenden Sie die Wörter auch in einem Distraktor</translation>
    </message>
    <message>
        <source>the stem asks for a fact without a scenario; the exam wraps recall in a situation whose constraint decides between two viable options (&quot;... What should you do?&quot;)</source>
        <translation>der Fragetext fragt ein Faktum ohne Szenario ab; die Prüfung bettet Wissen in eine Situation ein, deren Bedingung zwischen zwei brauchbaren Optionen entscheidet („... What should you do?“)</translation>
    </message>
    <message>
        <source>the keyed option is the longest (%1 characters, the longest wrong one %2); the key is the longest in %3 of %4 single-answer questions (%5 %, above 30 %; with four options chance gives about 25 %), so picking the longest option scores: rewrite options so that the key&apos;s length varies</source>
        <translation>die Lösungsoption ist die längste (%1 Zeichen, die längste falsche %2); die Lösung ist in %3 von %4 Fragen mit einer Antwort die längste Option (%5 %, über 30 %; bei vier Optionen ergibt der Zufall etwa 25 %), also punktet, wer die längste Option wählt: Optionen so umschreiben, dass die Länge der Lösung wechselt</translation>
    </message>
    <message>
        <source>the keyed option is the shortest (%1 characters, the shortest wrong one %2); the key is the shortest in %3 of %4 single-answer questions (%5 %, above 30 %; with four options chance gives about 25 %), so picking the shortest option scores: rewrite options so that the key&apos;s length varies</source>
        <translation>die Lösungsoption ist die kürzeste (%1 Zeichen, die kürzeste falsche %2); die Lösung ist in %3 von %4 Fragen mit einer Antwort die kürzeste Option (%5 %, über 30 %; bei vier Optionen ergibt der Zufall etwa 25 %), also punktet, wer die kürzeste Option wählt: Optionen so umschreiben, dass die Länge der Lösung wechselt</translation>
    </message>
    <message>
        <source>&quot;%1&quot;%2 is a wrong option in %3 questions (%4) and the key in none, so the bank teaches that it is never right; write questions where it is the answer, or vary the distractors</source>
        <translation>„%1“%2 ist in %3 Fragen (%4) eine falsche Option und in keiner die richtige, also lehrt die Sammlung, dass es nie stimmt; schreiben Sie Fragen, in denen es die Antwort ist, oder variieren Sie die Distraktoren</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
</context>
<context>
    <name>precisionlab::BankLoader</name>
    <message>
        <source>unknown field (allowed here: %1)</source>
        <translation>unbekanntes Feld (hier erlaubt: %1)</translation>
    </message>
    <message>
        <source>missing required field</source>
        <translation>Pflichtfeld fehlt</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>Zeichenkette erwartet</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid id (use lowercase letters, digits and &apos;-&apos;)</source>
        <translation>&apos;%1&apos; ist keine gültige ID (Kleinbuchstaben, Ziffern und &apos;-&apos; verwenden)</translation>
    </message>
    <message>
        <source>expected a boolean (true or false)</source>
        <translation>Wahrheitswert erwartet (true oder false)</translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation>Array erwartet</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>Objekt erwartet</translation>
    </message>
    <message>
        <source>unknown scenario id &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Szenario-ID &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <source>expected &quot;seed&quot; or &quot;original&quot;, got &quot;%1&quot;</source>
        <translation>„seed“ oder „original“ erwartet, „%1“ erhalten</translation>
    </message>
    <message>
        <source>expected &quot;single&quot; or &quot;multiple&quot;, got &quot;%1&quot;</source>
        <translation>„single“ oder „multiple“ erwartet, „%1“ erhalten</translation>
    </message>
    <message>
        <source>has %1 options; a question needs 2 to 6</source>
        <translation>hat %1 Optionen; eine Frage braucht 2 bis 6</translation>
    </message>
    <message>
        <source>duplicate option id &apos;%1&apos; (also at %2[%3].id)</source>
        <translation>doppelte Options-ID &apos;%1&apos; (auch bei %2[%3].id)</translation>
    </message>
    <message>
        <source>no option is marked correct</source>
        <translation>keine Option ist als richtig markiert</translation>
    </message>
    <message>
        <source>a single-answer question has %1 correct options; mark exactly one, or set &quot;answer&quot;: &quot;multiple&quot;</source>
        <translation>eine Frage mit einer Antwort hat %1 richtige Optionen; markieren Sie genau eine oder setzen Sie &quot;answer&quot;: &quot;multiple&quot;</translation>
    </message>
    <message>
        <source>a multiple-answer question needs at least two correct options; it has one (use &quot;answer&quot;: &quot;single&quot;)</source>
        <translation>eine Frage mit mehreren Antworten braucht mindestens zwei richtige Optionen; sie hat eine (verwenden Sie &quot;answer&quot;: &quot;single&quot;)</translation>
    </message>
    <message>
        <source>expected an object {&quot;title&quot;, &quot;url&quot;}</source>
        <translation>Objekt {&quot;title&quot;, &quot;url&quot;} erwartet</translation>
    </message>
    <message>
        <source>must list at least one objective id, or be left out</source>
        <translation>muss mindestens eine Lernziel-ID nennen oder weggelassen werden</translation>
    </message>
    <message>
        <source>expected an objective id such as &quot;3.2&quot;</source>
        <translation>Lernziel-ID wie &quot;3.2&quot; erwartet</translation>
    </message>
    <message>
        <source>objective &apos;%1&apos; is not declared in $.bank.objectives (declared: %2)</source>
        <translation>Lernziel &apos;%1&apos; ist nicht in $.bank.objectives deklariert (deklariert: %2)</translation>
    </message>
    <message>
        <source>objective &apos;%1&apos; is listed twice</source>
        <translation>Lernziel &apos;%1&apos; ist doppelt aufgeführt</translation>
    </message>
    <message>
        <source>expected an object mapping objective ids to titles, e.g. {&quot;3.2&quot;: &quot;Training models&quot;}</source>
        <translation>Objekt erwartet, das Lernziel-IDs auf Titel abbildet, z. B. {&quot;3.2&quot;: &quot;Training models&quot;}</translation>
    </message>
    <message>
        <source>must declare at least one objective, or be left out</source>
        <translation>muss mindestens ein Lernziel deklarieren oder weggelassen werden</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an objective id (use the exam guide&apos;s numbering, such as 3.2)</source>
        <translation>&apos;%1&apos; ist keine Lernziel-ID (verwenden Sie die Nummerierung des Prüfungsleitfadens, z. B. 3.2)</translation>
    </message>
    <message>
        <source>expected the objective&apos;s title as a non-empty string</source>
        <translation>Titel des Lernziels als nicht leere Zeichenkette erwartet</translation>
    </message>
    <message>
        <source>needs &quot;schema&quot;: 2 (sub-objective tags are not part of schema 1)</source>
        <translation>braucht &quot;schema&quot;: 2 (Tags für Teilziele gehören nicht zu Schema 1)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a semantic version such as 1.0.0</source>
        <translation>&apos;%1&apos; ist keine semantische Version wie 1.0.0</translation>
    </message>
    <message>
        <source>needs at least one question</source>
        <translation>braucht mindestens eine Frage</translation>
    </message>
    <message>
        <source>duplicate question id &apos;%1&apos; (also at $.questions[%2].id)</source>
        <translation>doppelte Fragen-ID &apos;%1&apos; (auch bei $.questions[%2].id)</translation>
    </message>
    <message>
        <source>the file is empty; a bank is one JSON object (see docs/question-bank-format.md)</source>
        <translation>die Datei ist leer; eine Fragensammlung ist ein JSON-Objekt (siehe docs/question-bank-format.md)</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos; (%1): is a comma missing between two fields just before this point, or a &apos;}&apos; missing?</source>
        <translation>&apos;,&apos; oder &apos;}&apos; erwartet (%1): Fehlt kurz vor dieser Stelle ein Komma zwischen zwei Feldern oder eine &apos;}&apos;?</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos; (%1): is a comma missing between two items just before this point, or a &apos;]&apos; missing?</source>
        <translation>&apos;,&apos; oder &apos;]&apos; erwartet (%1): Fehlt kurz vor dieser Stelle ein Komma zwischen zwei Einträgen oder eine &apos;]&apos;?</translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after a field name (%1)</source>
        <translation>&apos;:&apos; nach einem Feldnamen erwartet (%1)</translation>
    </message>
    <message>
        <source>a string is not closed with &apos;&quot;&apos; (%1)</source>
        <translation>eine Zeichenkette ist nicht mit &apos;&quot;&apos; geschlossen (%1)</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>JSON syntax error at line %1, column %2: %3</source>
        <translation>JSON-Syntaxfehler in Zeile %1, Spalte %2: %3</translation>
    </message>
    <message>
        <source>expected an object at the top level</source>
        <translation>Objekt auf oberster Ebene erwartet</translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation>Ganzzahl erwartet</translation>
    </message>
    <message>
        <source>schema %1 was made by a newer PrecisionLab (this version reads schema %2); update PrecisionLab to use this bank</source>
        <translation>Schema %1 stammt von einem neueren PrecisionLab (diese Version liest Schema %2); aktualisieren Sie PrecisionLab, um diese Fragensammlung zu verwenden</translation>
    </message>
    <message>
        <source>unknown schema version %1 (expected %2)</source>
        <translation>unbekannte Schema-Version %1 (erwartet: %2)</translation>
    </message>
    <message>
        <source>duplicate key at line %1 (only the last value would count)</source>
        <translation>doppelter Schlüssel in Zeile %1 (nur der letzte Wert würde zählen)</translation>
    </message>
    <message>
        <source>... and %1 more duplicate keys</source>
        <translation>... und %1 weitere doppelte Schlüssel</translation>
    </message>
    <message>
        <source>control character U+%1 at character %2; a bank holds text only</source>
        <translation>Steuerzeichen U+%1 an Zeichen %2; eine Fragensammlung enthält nur Text</translation>
    </message>
    <message>
        <source>... and %1 more problems</source>
        <translation>... und %1 weitere Probleme</translation>
    </message>
    <message>
        <source>schema %1 is not a schema version: this PrecisionLab reads schemas 1 to %2</source>
        <translation>Schema %1 ist keine Schemaversion: dieses PrecisionLab liest die Schemas 1 bis %2</translation>
    </message>
</context>
<context>
    <name>precisionlab::BreakdownPanel</name>
    <message>
        <source>Answer breakdown</source>
        <translation>Antwortanalyse</translation>
    </message>
    <message>
        <source>Correct answer &amp; explanation</source>
        <translation>Richtige Antwort &amp; Erklärung</translation>
    </message>
    <message>
        <source>⚠  Common exam trap</source>
        <translation>⚠  Typische Prüfungsfalle</translation>
    </message>
    <message>
        <source>Option-by-option breakdown</source>
        <translation>Analyse Option für Option</translation>
    </message>
    <message>
        <source>For each option: why learners choose it, and why it is or isn&apos;t the right answer here.</source>
        <translation>Zu jeder Option: warum Lernende sie wählen und warum sie hier richtig ist oder nicht.</translation>
    </message>
    <message>
        <source>Read more: </source>
        <translation>Weiterlesen: </translation>
    </message>
    <message>
        <source>your choice</source>
        <translation>Ihre Wahl</translation>
    </message>
    <message>
        <source>▶ Run in the lab</source>
        <translation>▶ Im Labor ausführen</translation>
    </message>
    <message>
        <source>Run option %1 in the lab</source>
        <translation>Option %1 im Labor ausführen</translation>
    </message>
    <message>
        <source>Why this is correct</source>
        <translation>Warum das richtig ist</translation>
    </message>
    <message>
        <source>Why it&apos;s wrong here</source>
        <translation>Warum es hier falsch ist</translation>
    </message>
    <message>
        <source>Why learners pick it</source>
        <translation>Warum Lernende sie wählen</translation>
    </message>
    <message>
        <source>When it is the best choice</source>
        <translation>Wann sie die beste Wahl ist</translation>
    </message>
    <message>
        <source>When it would be right</source>
        <translation>Wann sie richtig wäre</translation>
    </message>
    <message>
        <source>Option %1: %2</source>
        <translation>Option %1: %2</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>not correct</source>
        <translation>nicht richtig</translation>
    </message>
</context>
<context>
    <name>precisionlab::ChartPanel</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Save this chart as PNG or SVG</source>
        <translation>Dieses Diagramm als PNG oder SVG speichern</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>Save as PNG…</source>
        <translation>Als PNG speichern…</translation>
    </message>
    <message>
        <source>Save as SVG…</source>
        <translation>Als SVG speichern…</translation>
    </message>
    <message>
        <source>Provenance of %1</source>
        <translation>Herkunft von %1</translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation>Noch keine Läufe.</translation>
    </message>
    <message>
        <source>Save chart as SVG</source>
        <translation>Diagramm als SVG speichern</translation>
    </message>
    <message>
        <source>Save chart as PNG</source>
        <translation>Diagramm als PNG speichern</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG-Bilder (*.svg)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>precisionlab::ConfidencePicker</name>
    <message>
        <source>How sure are you?</source>
        <translation>Wie sicher sind Sie?</translation>
    </message>
    <message>
        <source>Sure</source>
        <translation>Sicher</translation>
    </message>
    <message>
        <source>I know this</source>
        <translation>Das weiß ich</translation>
    </message>
    <message>
        <source>Unsure</source>
        <translation>Unsicher</translation>
    </message>
    <message>
        <source>I think so, but I am not certain</source>
        <translation>Ich glaube schon, bin mir aber nicht sicher</translation>
    </message>
    <message>
        <source>Guess</source>
        <translation>Geraten</translation>
    </message>
    <message>
        <source>I am guessing</source>
        <translation>Ich rate</translation>
    </message>
    <message>
        <source>Confidence: %1</source>
        <translation>Sicherheit: %1</translation>
    </message>
</context>
<context>
    <name>precisionlab::EvidenceSummary</name>
    <message>
        <source>Evidence summary</source>
        <translation>Zusammenfassung der Belege</translation>
    </message>
    <message>
        <source>&lt;b&gt;What the runs show&lt;/b&gt;, option by option (computed from the runs below; each card says where its numbers come from)</source>
        <translation>&lt;b&gt;Was die Läufe zeigen&lt;/b&gt;, Option für Option (berechnet aus den Läufen unten; jede Karte sagt, woher ihre Zahlen stammen)</translation>
    </message>
    <message>
        <source>Run every option</source>
        <translation>Alle Optionen ausführen</translation>
    </message>
    <message>
        <source>GPU estimate…</source>
        <translation>GPU-Schätzung…</translation>
    </message>
    <message>
        <source>%1  ✓ the answer</source>
        <translation>%1  ✓ die Antwort</translation>
    </message>
    <message>
        <source>The question&apos;s option: &quot;%1&quot;</source>
        <translation>Die Option der Frage: „%1“</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>Quelle: %1</translation>
    </message>
    <message>
        <source>Estimated step time, throughput, memory and epoch cost on the GPUs Vertex AI offers, as ranges from the Hugging Face Trainer to optimized code, with the formula, the published measurements it is calibrated on and their sources.</source>
        <translation>Geschätzte Schrittzeit, Durchsatz, Speicherbedarf und Kosten pro Epoche auf den GPUs, die Vertex AI anbietet, als Spannen vom Hugging Face Trainer bis zu optimiertem Code, mit Formel, den veröffentlichten Messungen, an denen sie kalibriert ist, und deren Quellen.</translation>
    </message>
    <message>
        <source>No runs yet. Tick an option in the runs below, or press &quot;Run every option&quot;: a card per option then says what its run shows and where the numbers come from.</source>
        <translation>Noch keine Läufe. Haken Sie unten eine Option an oder drücken Sie „Alle Optionen ausführen“: Dann zeigt je Option eine Karte, was ihr Lauf ergibt und woher die Zahlen stammen.</translation>
    </message>
    <message>
        <source>• %1 [%2]</source>
        <translation>• %1 [%2]</translation>
    </message>
    <message>
        <source>• %1</source>
        <translation>• %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;In short:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Kurz gesagt:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>This machine: %1.</source>
        <translation>Dieser Rechner: %1.</translation>
    </message>
    <message>
        <source>An experiment you ran beside the question&apos;s options</source>
        <translation>Ein Experiment, das Sie neben den Optionen der Frage ausgeführt haben</translation>
    </message>
    <message>
        <source>Trains the fp32 baseline and every option on the cards side by side (with bf16=True beside fp16=True).</source>
        <translation>Trainiert die fp32-Baseline und jede Option auf den Karten nebeneinander (neben fp16=True auch bf16=True).</translation>
    </message>
</context>
<context>
    <name>precisionlab::ExamNavigator</name>
    <message>
        <source>Exam question navigator</source>
        <translation>Navigator für Prüfungsfragen</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>beantwortet</translation>
    </message>
    <message>
        <source>not answered</source>
        <translation>nicht beantwortet</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>richtig</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>falsch</translation>
    </message>
    <message>
        <source>, flagged for review</source>
        <translation>, zur Überprüfung markiert</translation>
    </message>
    <message>
        <source>Question %1, %2</source>
        <translation>Frage %1, %2</translation>
    </message>
</context>
<context>
    <name>precisionlab::ExamPassMark</name>
    <message>
        <source>Google does not publish a pass mark for this exam (it reports pass or fail only), so this score does not predict a pass.</source>
        <translation>Google veröffentlicht für diese Prüfung keine Bestehensgrenze (es meldet nur „bestanden“ oder „nicht bestanden“), daher sagt dieses Ergebnis kein Bestehen voraus.</translation>
    </message>
    <message>
        <source>This exam&apos;s pass mark is not known to PrecisionLab, so this score does not predict a pass.</source>
        <translation>Die Bestehensgrenze dieser Prüfung ist PrecisionLab nicht bekannt, daher sagt dieses Ergebnis kein Bestehen voraus.</translation>
    </message>
</context>
<context>
    <name>precisionlab::FsrsOptimizePanel</name>
    <message>
        <source>FSRS parameters</source>
        <translation>FSRS-Parameter</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>Fit the scheduler&apos;s 21 parameters to your own answers, as Anki&apos;s Optimize does. Below the minimum number of reviews the current parameters are kept.</source>
        <translation>Passt die 21 Parameter des Planers an Ihre eigenen Antworten an, wie Ankis „Optimieren“. Unterhalb der Mindestzahl an Wiederholungen bleiben die aktuellen Parameter.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Copy for Anki</source>
        <translation>Für Anki kopieren</translation>
    </message>
    <message>
        <source>Anki&apos;s FSRS parameter string: 21 comma-separated numbers</source>
        <translation>Ankis FSRS-Parameterzeile: 21 durch Kommas getrennte Zahlen</translation>
    </message>
    <message>
        <source>Optimization progress</source>
        <translation>Fortschritt der Optimierung</translation>
    </message>
    <message>
        <source>FSRS parameters copied for Anki.</source>
        <translation>FSRS-Parameter für Anki kopiert.</translation>
    </message>
    <message>
        <source>Not optimized yet: the FSRS-6 default parameters, fitted by the FSRS authors to many Anki users. Optimize fits them to your answers.</source>
        <translation>Noch nicht optimiert: die Standardparameter von FSRS-6, von den FSRS-Autoren an viele Anki-Nutzer angepasst. „Optimieren“ passt sie an Ihre Antworten an.</translation>
    </message>
    <message>
        <source>Too few reviews to fit (at least 8 training items are needed after the outlier filter): the previous parameters are kept.</source>
        <translation>Zu wenige Wiederholungen für eine Anpassung (nach dem Ausreißerfilter sind mindestens 8 Trainingseinträge nötig): Die bisherigen Parameter bleiben.</translation>
    </message>
    <message>
        <source>The fitted parameters predicted your answers no better than the previous ones (RMSE), so the previous ones are kept.</source>
        <translation>Die angepassten Parameter sagten Ihre Antworten nicht besser voraus als die bisherigen (RMSE), daher bleiben die bisherigen.</translation>
    </message>
    <message>
        <source>Only the four initial stabilities were fitted (fewer than 64 training items); they are in use.</source>
        <translation>Nur die vier Anfangsstabilitäten wurden angepasst (weniger als 64 Trainingseinträge); sie werden verwendet.</translation>
    </message>
    <message>
        <source>The fitted parameters are in use.</source>
        <translation>Die angepassten Parameter werden verwendet.</translation>
    </message>
    <message>
        <source>Optimized %1 from %2 reviews (%3 training items). %4 On your answers: log loss %5 before, %6 fitted; RMSE (bins) %7 before, %8 fitted (lower predicts better).</source>
        <translation>Optimiert am %1 aus %2 Wiederholungen (%3 Trainingseinträge). %4 Auf Ihren Antworten: Log-Loss %5 vorher, %6 angepasst; RMSE (Bins) %7 vorher, %8 angepasst (niedriger sagt besser voraus).</translation>
    </message>
    <message>
        <source>Optimization cancelled: the parameters are unchanged.</source>
        <translation>Optimierung abgebrochen: Die Parameter sind unverändert.</translation>
    </message>
    <message>
        <source>The parameters were not saved: %1</source>
        <translation>Die Parameter wurden nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Optimized %1: no answer a day or more after the previous one to the same question yet, so there is nothing to fit. %2</source>
        <translation>Optimiert am %1: Noch keine Antwort einen Tag oder länger nach der vorigen zur selben Frage, also gibt es nichts anzupassen. %2</translation>
    </message>
    <message numerus="yes">
        <source>FSRS parameters optimized from %n review(s): the details are under Optimize in Progress.</source>
        <translation>
            <numerusform>FSRS-Parameter aus %n Wiederholung optimiert: die Einzelheiten stehen unter Optimieren im Fortschritt.</numerusform>
            <numerusform>FSRS-Parameter aus %n Wiederholungen optimiert: die Einzelheiten stehen unter Optimieren im Fortschritt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The parameters were not saved: the reason is under Optimize in Progress.</source>
        <translation>Die Parameter wurden nicht gespeichert: der Grund steht unter Optimieren im Fortschritt.</translation>
    </message>
    <message>
        <source>FSRS parameters unchanged: too few reviews to fit yet (the details are under Optimize in Progress).</source>
        <translation>FSRS-Parameter unverändert: noch zu wenige Wiederholungen zum Anpassen (die Einzelheiten stehen unter Optimieren im Fortschritt).</translation>
    </message>
    <message>
        <source>FSRS parameters unchanged: the fitted ones predicted no better (the details are under Optimize in Progress).</source>
        <translation>FSRS-Parameter unverändert: die angepassten sagten nicht besser voraus (die Einzelheiten stehen unter Optimieren im Fortschritt).</translation>
    </message>
</context>
<context>
    <name>precisionlab::GpuEstimateDialog</name>
    <message>
        <source>GPU estimate (not measured)</source>
        <translation>GPU-Schätzung (nicht gemessen)</translation>
    </message>
    <message>
        <source>BERT size</source>
        <translation>BERT-Größe</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Examples per epoch</source>
        <translation>Beispiele pro Epoche</translation>
    </message>
    <message>
        <source> / hour</source>
        <translation> / Stunde</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Präzision</translation>
    </message>
    <message>
        <source>ms / step (est.)</source>
        <translation>ms / Schritt (gesch.)</translation>
    </message>
    <message>
        <source>Memory GB (est.)</source>
        <translation>Speicher GB (gesch.)</translation>
    </message>
    <message>
        <source>Epoch (est.)</source>
        <translation>Epoche (gesch.)</translation>
    </message>
    <message>
        <source>How is this computed?</source>
        <translation>Wie wird das berechnet?</translation>
    </message>
    <message>
        <source>not supported: no bf16 units</source>
        <translation>keine bf16-Einheiten</translation>
    </message>
    <message>
        <source> (does not fit)</source>
        <translation> (passt nicht)</translation>
    </message>
    <message>
        <source>%1 h, $%2</source>
        <translation>%1 h, $%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Estimated&lt;/b&gt; from the model&apos;s FLOPs and bytes and each GPU&apos;s published peak rates and memory bandwidth, with efficiencies calibrated on published training measurements, for fine-tuning on the GPUs Vertex AI offers. Each cell is a range: the Hugging Face Trainer (what setting fp16=True runs) to optimized code (NVIDIA&apos;s tuned scripts). fp32 is true fp32, the Trainer&apos;s default; tf32=True is the baseline of NVIDIA&apos;s published A100/H100 numbers. Not a measurement: a GPU recording, where you have one, is the better evidence. T4 and V100 have no bfloat16 units, one reason fp16=True is the portable answer.</source>
        <translation>&lt;b&gt;Geschätzt&lt;/b&gt; aus den FLOPs und Bytes des Modells sowie den veröffentlichten Spitzenraten und der Speicherbandbreite jeder GPU, mit Effizienzen, die an veröffentlichten Trainingsmessungen kalibriert sind, für Fine-Tuning auf den GPUs, die Vertex AI anbietet. Jede Zelle ist eine Spanne: vom Hugging Face Trainer (was fp16=True ausführt) bis zu optimiertem Code (NVIDIAs abgestimmte Skripte). fp32 ist echtes fp32, die Voreinstellung des Trainers; tf32=True ist die Basis der von NVIDIA veröffentlichten A100/H100-Zahlen. Keine Messung: Eine GPU-Aufzeichnung, wo Sie eine haben, ist der bessere Beleg. T4 und V100 haben keine bfloat16-Einheiten, ein Grund, warum fp16=True die portable Antwort ist.</translation>
    </message>
    <message>
        <source>Sequences / s (est.)</source>
        <translation>Sequenzen / s (gesch.)</translation>
    </message>
    <message>
        <source>vs true fp32 (est.)</source>
        <translation>ggü. echtem fp32 (gesch.)</translation>
    </message>
    <message>
        <source>vs tf32=True (est.)</source>
        <translation>ggü. tf32=True (gesch.)</translation>
    </message>
    <message>
        <source>Estimated, not measured: Hugging Face Trainer to optimized code. %1 (How is this computed? below)</source>
        <translation>Geschätzt, nicht gemessen: vom Hugging Face Trainer bis zu optimiertem Code. %1 (Wie wird das berechnet? unten)</translation>
    </message>
    <message>
        <source>not supported: no TF32 units</source>
        <translation>keine TF32-Einheiten</translation>
    </message>
</context>
<context>
    <name>precisionlab::GuardedApplication</name>
    <message>
        <source>Something went wrong %1:

%2

The app keeps running; save your work if the problem repeats.</source>
        <translation>Ein Fehler ist aufgetreten (%1):

%2

Die App läuft weiter; sichern Sie Ihre Arbeit, falls das Problem wieder auftritt.</translation>
    </message>
    <message>
        <source>while handling an event</source>
        <translation>bei der Verarbeitung eines Ereignisses</translation>
    </message>
    <message>
        <source>while starting</source>
        <translation>beim Start</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabChartArea</name>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>Training loss</source>
        <translation>Trainings-Loss</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Every run over the fp32 baseline (dark grey). Lower is better; a triangle marks where a run&apos;s loss became inf/NaN.</source>
        <translation>Jeder Lauf über der fp32-Baseline (dunkelgrau). Niedriger ist besser; ein Dreieck markiert, wo der Loss eines Laufs inf/NaN wurde.</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Tick a run above: its loss appears here within seconds.</source>
        <translation>Haken Sie oben einen Lauf an: Sein Loss erscheint hier innerhalb von Sekunden.</translation>
    </message>
    <message>
        <source>Divergence from the fp32 baseline</source>
        <translation>Abweichung von der fp32-Baseline</translation>
    </message>
    <message>
        <source>Divergence</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>|loss − baseline loss| at the same step. Near 0: learns like fp32.</source>
        <translation>|Loss − Baseline-Loss| im selben Schritt. Nahe 0: lernt wie fp32.</translation>
    </message>
    <message>
        <source>|Δ loss|</source>
        <translation>|Δ Loss|</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <source>Start a run to measure its speed.</source>
        <translation>Starten Sie einen Lauf, um sein Tempo zu messen.</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Most memory a step has needed so far. Emulated runs are not drawn: their memory is not a measurement.</source>
        <translation>Der meiste Speicher, den ein Schritt bisher gebraucht hat. Emulierte Läufe werden nicht gezeichnet: Ihr Speicher ist keine Messung.</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Start a run to measure its memory.</source>
        <translation>Starten Sie einen Lauf, um seinen Speicher zu messen.</translation>
    </message>
    <message>
        <source>Loss scale (fp16=True)</source>
        <translation>Loss Scale (fp16=True)</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>Loss Scale</translation>
    </message>
    <message>
        <source>The GradScaler halves the scale and skips the step (squares) when gradients overflow.</source>
        <translation>Der GradScaler halbiert die Scale und überspringt den Schritt (Quadrate), wenn Gradienten überlaufen.</translation>
    </message>
    <message>
        <source>scale (log₂)</source>
        <translation>Scale (log₂)</translation>
    </message>
    <message>
        <source>Start fp16=True: only runs with loss scaling have a loss scale.</source>
        <translation>Starten Sie fp16=True: Nur Läufe mit Loss Scaling haben eine Loss Scale.</translation>
    </message>
    <message>
        <source>Gradients flushed to zero</source>
        <translation>Auf null gefallene Gradienten</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>Underflow</translation>
    </message>
    <message>
        <source>Share of gradient values exactly 0. Loss scaling keeps small fp16 gradients alive.</source>
        <translation>Anteil der Gradientenwerte, die genau 0 sind. Loss Scaling hält kleine fp16-Gradienten am Leben.</translation>
    </message>
    <message>
        <source>% of values</source>
        <translation>% der Werte</translation>
    </message>
    <message>
        <source>Start a run to see how many gradients vanish.</source>
        <translation>Starten Sie einen Lauf, um zu sehen, wie viele Gradienten verschwinden.</translation>
    </message>
    <message>
        <source>Does it learn? (loss, divergence)</source>
        <translation>Lernt er? (Loss, Abweichung)</translation>
    </message>
    <message>
        <source>Is it faster? (throughput, memory)</source>
        <translation>Ist er schneller? (Durchsatz, Speicher)</translation>
    </message>
    <message>
        <source>Inside fp16 (loss scale, underflow)</source>
        <translation>Im Inneren von fp16 (Loss Scale, Underflow)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Legende</translation>
    </message>
    <message>
        <source>%1 skipped step</source>
        <translation>%1: übersprungener Schritt</translation>
    </message>
    <message>
        <source>not drawn (emulated, numerics only): %1</source>
        <translation>nicht gezeichnet (emuliert, nur Numerik): %1</translation>
    </message>
    <message>
        <source>%1 BERT</source>
        <translation>%1-BERT</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>aufgezeichnet</translation>
    </message>
    <message>
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <source>Compares different models: %1.</source>
        <translation>Vergleicht verschiedene Modelle: %1.</translation>
    </message>
    <message>
        <source>Click a run&apos;s name to hide or show its curves.</source>
        <translation>Klicken Sie auf den Namen eines Laufs, um seine Kurven aus- oder einzublenden.</translation>
    </message>
    <message>
        <source>Faster?</source>
        <translation>Schneller?</translation>
    </message>
    <message>
        <source>Samples per second; higher is faster. Emulated runs, and fp16 on a CPU without fp16 units, are not drawn: their speed is not a measurement of the method.</source>
        <translation>Samples pro Sekunde; höher ist schneller. Emulierte Läufe und fp16 auf einer CPU ohne fp16-Einheiten werden nicht gezeichnet: ihre Geschwindigkeit misst nicht das Verfahren.</translation>
    </message>
    <message>
        <source>Needs the fp32 baseline and one more run, or a kill-and-resume, worker-dies or sharded-state row, whose jobs are drawn against its uninterrupted (or replicated) job.</source>
        <translation>Braucht die fp32-Basislinie und einen weiteren Lauf, oder eine Zeile, die ihre eigene Referenz ist (Abbruch und Fortsetzung, ein Worker fällt aus, Zustand repliziert vs. geteilt): deren Jobs werden gegen ihren ununterbrochenen (oder replizierten) Job gezeichnet.</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabController</name>
    <message>
        <source>%1 (recorded)</source>
        <translation>%1 (aufgezeichnet)</translation>
    </message>
    <message>
        <source>so far: %1</source>
        <translation>bisher: %1</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabEvidence</name>
    <message>
        <source> (fp16 emulated: numerics only)</source>
        <translation> (fp16 emuliert: nur Numerik)</translation>
    </message>
    <message>
        <source>no validation result yet</source>
        <translation>noch kein Validierungsergebnis</translation>
    </message>
    <message>
        <source>validation accuracy %1 (fp32 %2)</source>
        <translation>Val.-Genauigkeit %1 (fp32 %2)</translation>
    </message>
    <message>
        <source>speed %1 fp32 (p25-p75 %2-%3)</source>
        <translation>Tempo %1 fp32 (p25–p75 %2–%3)</translation>
    </message>
    <message>
        <source>, peak memory %1 fp32</source>
        <translation>, Spitzenspeicher %1 fp32</translation>
    </message>
    <message>
        <source>Fails: the loss became inf/NaN at step %1</source>
        <translation>Scheitert: Der Loss wurde in Schritt %1 inf/NaN</translation>
    </message>
    <message>
        <source>Fails: the training loss did not fall</source>
        <translation>Scheitert: Der Trainings-Loss ist nicht gesunken</translation>
    </message>
    <message>
        <source>Fails: did not learn like fp32</source>
        <translation>Scheitert: Lernte nicht wie fp32</translation>
    </message>
    <message>
        <source>what broke: %1</source>
        <translation>was kaputtging: %1</translation>
    </message>
    <message>
        <source>why: fp16 weights, gradients and AdamW state with no loss scaling and no fp32 master copy: small updates round away, large values overflow</source>
        <translation>warum: Gewichte, Gradienten und AdamW-Zustand in fp16, ohne Loss Scaling und fp32-Master-Kopie: Kleine Updates runden weg, große Werte laufen über</translation>
    </message>
    <message>
        <source>Learned in this run (not the usual outcome)</source>
        <translation>Hat in diesem Lauf gelernt (nicht das übliche Ergebnis)</translation>
    </message>
    <message>
        <source>a whole-fp16 model often survives short runs; longer runs or larger learning rates break it</source>
        <translation>ein komplett in fp16 gehaltenes Modell übersteht kurze Läufe oft; längere Läufe oder größere Lernraten machen es kaputt</translation>
    </message>
    <message>
        <source>No change: bit-identical to fp32</source>
        <translation>Keine Änderung: bitgleich mit fp32</translation>
    </message>
    <message>
        <source>every step&apos;s loss and the validation equal fp32&apos;s, bit for bit</source>
        <translation>Loss jedes Schritts und Validierung gleichen fp32 Bit für Bit</translation>
    </message>
    <message>
        <source>No change: learns like fp32, at fp32&apos;s precision</source>
        <translation>Keine Änderung: lernt wie fp32, mit der Präzision von fp32</translation>
    </message>
    <message>
        <source>Differs from fp32 in this run</source>
        <translation>Weicht in diesem Lauf von fp32 ab</translation>
    </message>
    <message>
        <source>speed: not measurable against this baseline</source>
        <translation>Tempo: gegen diese Baseline nicht messbar</translation>
    </message>
    <message>
        <source>%1: a framework swap is no speedup</source>
        <translation>%1: Ein Framework-Wechsel bringt keinen Speedup</translation>
    </message>
    <message>
        <source>Tunes the learning rate, not precision: %1 trials, %2 the training</source>
        <translation>Tunt die Lernrate, nicht die Präzision: %1 Trials, %2 des Trainings</translation>
    </message>
    <message>
        <source>best trial: %1, %2</source>
        <translation>bester Trial: %1, %2</translation>
    </message>
    <message>
        <source>every trial is an fp32 run: each one as slow as the baseline</source>
        <translation>jeder Trial ist ein fp32-Lauf: jeder so langsam wie die Baseline</translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation>Noch nicht ausgeführt</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Did not learn like fp32 in this run</source>
        <translation>Lernte in diesem Lauf nicht wie fp32</translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation>gemessen: %1</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>noch nicht gelaufen</translation>
    </message>
    <message>
        <source>Did not make the baseline&apos;s updates in this run</source>
        <translation>Hat in diesem Lauf nicht die Updates der Baseline gemacht</translation>
    </message>
    <message>
        <source>The same updates as fp32 at %1 of its peak memory</source>
        <translation>Dieselben Updates wie fp32 bei %1 seines Spitzenspeichers</translation>
    </message>
    <message>
        <source>The same updates, but peak memory was not measured lower</source>
        <translation>Dieselben Updates, aber der Spitzenspeicher wurde nicht niedriger gemessen</translation>
    </message>
    <message>
        <source>loss bit-equal to the baseline&apos;s at all %1 steps</source>
        <translation>Loss bei allen %1 Schritten bitgleich mit dem der Baseline</translation>
    </message>
    <message>
        <source>loss within %1 relative of the baseline&apos;s at every step (largest gap %2; %3 of %4 steps bit-equal)</source>
        <translation>Loss bei jedem Schritt relativ innerhalb von %1 von dem der Baseline (größte Abweichung %2; %3 von %4 Schritten bitgleich)</translation>
    </message>
    <message>
        <source>peak memory %1 the baseline&apos;s (measured)</source>
        <translation>Spitzenspeicher %1 der Baseline (gemessen)</translation>
    </message>
    <message>
        <source>memory: not measurable against this baseline</source>
        <translation>Speicher: gegenüber dieser Baseline nicht messbar</translation>
    </message>
    <message>
        <source>step time %1 the baseline&apos;s, samples/s %2 (measured)</source>
        <translation>Schrittzeit %1 der Baseline, Beispiele/s %2 (gemessen)</translation>
    </message>
    <message>
        <source>The fp32 baseline did not learn in this run (validation accuracy %1, chance %2), so no option can be judged against it: every card below is inconclusive. Run longer (Settings: steps) or with a larger learning rate, then run again.</source>
        <translation>Die fp32-Baseline hat in diesem Lauf nicht gelernt (Validierungsgenauigkeit %1, Zufall %2), daher lässt sich keine Option an ihr messen: jede Karte unten ist nicht aussagekräftig. Trainieren Sie länger (Einstellungen: Schritte) oder mit größerer Lernrate und starten Sie erneut.</translation>
    </message>
    <message>
        <source>The fp32 baseline is too short to judge (cancelled, or fewer than 20 steps): run it to the end to compare the options.</source>
        <translation>Die fp32-Baseline ist zu kurz für ein Urteil (abgebrochen oder weniger als 20 Schritte): lassen Sie sie zu Ende laufen, um die Optionen zu vergleichen.</translation>
    </message>
    <message>
        <source>Too short to judge</source>
        <translation>Zu kurz für ein Urteil</translation>
    </message>
    <message>
        <source>Inconclusive: the fp32 baseline did not learn</source>
        <translation>Nicht aussagekräftig: die fp32-Baseline hat nicht gelernt</translation>
    </message>
    <message>
        <source>%1 overflowed: %2 of %3 steps skipped, loss non-finite</source>
        <translation>%1 ist übergelaufen: %2 von %3 Schritten übersprungen, Loss nicht endlich</translation>
    </message>
    <message>
        <source>loss inf or NaN at %1 of %2 steps, first at step %3</source>
        <translation>Loss inf oder NaN in %1 von %2 Schritten, zuerst in Schritt %3</translation>
    </message>
    <message>
        <source>%1 trained like fp32 with activations above 65504</source>
        <translation>%1 trainierte wie fp32 mit Aktivierungen über 65504</translation>
    </message>
    <message>
        <source>%1 held the activations but did not learn like fp32 in this run</source>
        <translation>%1 hielt die Aktivierungen, lernte in diesem Lauf aber nicht wie fp32</translation>
    </message>
    <message>
        <source>loss finite at all %1 steps, none skipped</source>
        <translation>Loss in allen %1 Schritten endlich, keiner übersprungen</translation>
    </message>
    <message>
        <source>the outlier: encoder layer 0 carries one attention value channel at 2^%1 (%2) times its value; fp16&apos;s largest value is 65504, bf16&apos;s about 3.4e38</source>
        <translation>der Ausreißer: Encoder-Schicht 0 führt einen Value-Kanal der Attention mit dem 2^%1-fachen (%2-fachen) Wert; der größte fp16-Wert ist 65504, der von bf16 etwa 3,4e38</translation>
    </message>
    <message>
        <source>gradient values flushed to zero: %1 % (fp32 %2 %)</source>
        <translation>Gradientenwerte auf null gerundet: %1 % (fp32 %2 %)</translation>
    </message>
    <message>
        <source>Fails: did not learn like fp32 without loss scaling</source>
        <translation>Scheitert: lernte ohne Loss Scaling nicht wie fp32</translation>
    </message>
    <message>
        <source>Learned in this run without loss scaling (not the usual outcome)</source>
        <translation>Lernte in diesem Lauf ohne Loss Scaling (nicht das übliche Ergebnis)</translation>
    </message>
    <message>
        <source>why: fp16 cannot hold gradients below about 6e-8; the GradScaler multiplies the loss so that they survive the backward pass</source>
        <translation>warum: fp16 kann Gradienten unter etwa 6e-8 nicht darstellen; der GradScaler multipliziert den Loss, damit sie den Rückwärtsdurchgang überstehen</translation>
    </message>
    <message>
        <source>Learned like fp32 in this run</source>
        <translation>Lernte in diesem Lauf wie fp32</translation>
    </message>
    <message>
        <source>Checkpoints change no update: bit-identical to fp32</source>
        <translation>Checkpoints ändern kein Update: bitgleich mit fp32</translation>
    </message>
    <message>
        <source>Writing checkpoints changed the run</source>
        <translation>Das Schreiben der Checkpoints hat den Lauf verändert</translation>
    </message>
    <message>
        <source>every quarter of the run a checkpoint-&lt;step&gt;/ folder holds the weights, AdamW state, scaler, LR schedule position, RNG and data order</source>
        <translation>nach jedem Viertel des Laufs hält ein Ordner checkpoint-&lt;step&gt;/ die Gewichte, den AdamW-Zustand, den Scaler, die Position im LR-Plan, den Zufallszustand und die Datenreihenfolge</translation>
    </message>
    <message>
        <source>Learns like full fine-tuning, training %1 % of its parameters</source>
        <translation>Lernt wie volles Fine-Tuning und trainiert dabei %1 % seiner Parameter</translation>
    </message>
    <message>
        <source>Trains %1 % of the parameters, but did not learn like full fine-tuning in this run</source>
        <translation>Trainiert %1 % der Parameter, lernte in diesem Lauf aber nicht wie volles Fine-Tuning</translation>
    </message>
    <message>
        <source>trainable parameters: %1 vs %2 (counted)</source>
        <translation>trainierbare Parameter: %1 gegenüber %2 (gezählt)</translation>
    </message>
    <message>
        <source>optimizer state: %1 MiB vs %2 MiB (measured)</source>
        <translation>Optimizer-Zustand: %1 MiB gegenüber %2 MiB (gemessen)</translation>
    </message>
    <message>
        <source>optimizer state: not measurable against this baseline</source>
        <translation>Optimizer-Zustand: gegenüber dieser Baseline nicht messbar</translation>
    </message>
    <message>
        <source>step time %1 the baseline&apos;s (measured)</source>
        <translation>Schrittzeit %1 die der Baseline (gemessen)</translation>
    </message>
    <message>
        <source>run %1 to measure the same mechanism on this machine</source>
        <translation>führen Sie %1 aus, um denselben Mechanismus auf diesem Rechner zu messen</translation>
    </message>
    <message>
        <source>Killed with SIGKILL and resumed: the loss curve continues exactly as the uninterrupted run</source>
        <translation>Mit SIGKILL beendet und fortgesetzt: die Loss-Kurve verläuft genau wie beim ununterbrochenen Lauf</translation>
    </message>
    <message>
        <source>The resumed curve differs from the uninterrupted run from step %1</source>
        <translation>Die fortgesetzte Kurve weicht ab Schritt %1 vom ununterbrochenen Lauf ab</translation>
    </message>
    <message>
        <source>The experiment failed: a run ended in an error</source>
        <translation>Das Experiment ist fehlgeschlagen: ein Lauf endete mit einem Fehler</translation>
    </message>
    <message>
        <source>The resume failed</source>
        <translation>Das Fortsetzen ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>killed with SIGKILL after step %1 (never asked to stop)</source>
        <translation>nach Schritt %1 mit SIGKILL beendet (ohne Aufforderung zum Anhalten)</translation>
    </message>
    <message>
        <source>resumed from checkpoint step %1</source>
        <translation>ab Checkpoint-Schritt %1 fortgesetzt</translation>
    </message>
    <message>
        <source>resumed curve NOT equal to the uninterrupted one: max |diff| %1, %2 of %3 steps bit-equal</source>
        <translation>fortgesetzte Kurve NICHT gleich der ununterbrochenen: max. |Diff.| %1, %2 von %3 Schritten bitgleich</translation>
    </message>
    <message>
        <source>resumed curve equal to the uninterrupted one: max |diff| %1, %2 of %3 steps bit-equal</source>
        <translation>fortgesetzte Kurve gleich der ununterbrochenen: max. |Diff.| %1, %2 von %3 Schritten bitgleich</translation>
    </message>
    <message>
        <source>verdict: %1</source>
        <translation>Urteil: %1</translation>
    </message>
    <message>
        <source>Learns like fp32; %1</source>
        <translation>Lernt wie fp32; %1</translation>
    </message>
    <message>
        <source>Learns like fp32</source>
        <translation>Lernt wie fp32</translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>live: %1</translation>
    </message>
    <message>
        <source>emulated: numerics only</source>
        <translation>emuliert: nur Numerik</translation>
    </message>
    <message>
        <source>recorded: %1</source>
        <translation>aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>published: %1</source>
        <translation>veröffentlicht: %1</translation>
    </message>
    <message>
        <source>estimated: %1</source>
        <translation>geschätzt: %1</translation>
    </message>
    <message>
        <source>This machine: %1.</source>
        <translation>Dieser Rechner: %1.</translation>
    </message>
    <message>
        <source>live, this machine</source>
        <translation>live, dieser Rechner</translation>
    </message>
    <message>
        <source>published; sources in the tooltip</source>
        <translation>veröffentlicht; Quellen im Tooltip</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>geschätzt</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>aufgezeichnet</translation>
    </message>
    <message>
        <source>The recording&apos;s machine: %1.</source>
        <translation>Rechner der Aufzeichnung: %1.</translation>
    </message>
    <message>
        <source>speed: not comparable, the baseline ran at another time, under other load; to compare, clear the runs and start this row with the baseline</source>
        <translation>Tempo: nicht vergleichbar, die Baseline lief zu einer anderen Zeit unter anderer Last; zum Vergleich die Läufe leeren und diese Zeile zusammen mit der Baseline starten</translation>
    </message>
    <message>
        <source>Less memory (%1 of fp32&apos;s peak), but not the same training</source>
        <translation>Weniger Speicher (%1 der fp32-Spitze), aber nicht dasselbe Training</translation>
    </message>
    <message>
        <source>Not the same training as the full batch</source>
        <translation>Nicht dasselbe Training wie mit der vollen Batch</translation>
    </message>
    <message>
        <source>batch %1 instead of %2 at the same learning rate: other updates (loss up to %3 relative from the baseline&apos;s at the same step)</source>
        <translation>Batch %1 statt %2 bei gleicher Lernrate: andere Updates (Loss bis zu %3 relativ von dem der Baseline beim selben Schritt entfernt)</translation>
    </message>
    <message>
        <source>examples per second %1 the baseline&apos;s (measured)</source>
        <translation>Beispiele pro Sekunde %1 der Baseline (gemessen)</translation>
    </message>
    <message>
        <source>gradient accumulation saves the memory and keeps the baseline&apos;s updates</source>
        <translation>Gradientenakkumulation spart den Speicher und behält die Updates der Baseline bei</translation>
    </message>
    <message>
        <source>loss beyond %1 relative of the baseline&apos;s (largest gap %2; %3 of %4 steps bit-equal)</source>
        <translation>Loss relativ über %1 von dem der Baseline (größte Abweichung %2; %3 von %4 Schritten bitgleich)</translation>
    </message>
    <message>
        <source>stopped at step %1; no validation needed</source>
        <translation>bei Schritt %1 angehalten; keine Validierung nötig</translation>
    </message>
    <message numerus="yes">
        <source>the GradScaler skipped %n step(s) and lowered its scale from %2 to %3: no scale helps, the overflow is in the forward pass</source>
        <translation>
            <numerusform>der GradScaler hat %n Schritt übersprungen und seine Skala von %2 auf %3 gesenkt: keine Skala hilft, der Überlauf liegt im Vorwärtsdurchlauf</numerusform>
            <numerusform>der GradScaler hat %n Schritte übersprungen und seine Skala von %2 auf %3 gesenkt: keine Skala hilft, der Überlauf liegt im Vorwärtsdurchlauf</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>lost work: %n step(s) (steps %2-%3, %4 ms measured), done again</source>
        <translation>
            <numerusform>verlorene Arbeit: %n Schritt (Schritte %2–%3, %4 ms gemessen), erneut ausgeführt</numerusform>
            <numerusform>verlorene Arbeit: %n Schritte (Schritte %2–%3, %4 ms gemessen), erneut ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>the lesson did not show in this run: only %1 % of gradient values flushed to zero, too few to stop a small model fine-tuned for a few dozen steps; larger models, longer runs and smaller losses put far more gradients below fp16&apos;s range, which is where the GradScaler is needed</source>
        <translation>die Lektion zeigte sich in diesem Lauf nicht: nur %1 % der Gradientenwerte wurden zu null, zu wenige, um ein kleines, wenige Dutzend Schritte feinabgestimmtes Modell aufzuhalten; größere Modelle, längere Läufe und kleinere Losses bringen weit mehr Gradienten unter den Bereich von fp16, und dort braucht es den GradScaler</translation>
    </message>
    <message>
        <source>Learns like fp32; %1, %2 its peak memory</source>
        <translation>Lernt wie fp32; %1, %2 dessen Spitzenspeicher</translation>
    </message>
    <message>
        <source>Learns like fp32; %1; %2</source>
        <translation>Lernt wie fp32; %1; %2</translation>
    </message>
    <message>
        <source>The same updates as one process; the all-reduce took %1 % of each step</source>
        <translation>Dieselben Updates wie ein Prozess; das All-Reduce brauchte %1 % jedes Schritts</translation>
    </message>
    <message>
        <source>Did not make the one-process run&apos;s updates in this run</source>
        <translation>Hat in diesem Lauf nicht die Updates des Ein-Prozess-Laufs gemacht</translation>
    </message>
    <message>
        <source>loss at most %1 from the baseline&apos;s at the same step (%2 relative, %3 steps compared)</source>
        <translation>Loss höchstens %1 von dem der Baseline beim selben Schritt entfernt (%2 relativ, %3 Schritte verglichen)</translation>
    </message>
    <message>
        <source>a step: %1 ms compute, %2 ms gradient all-reduce of %3 MB (medians, measured by rank 0)</source>
        <translation>ein Schritt: %1 ms Rechnen, %2 ms Gradienten-All-Reduce von %3 MB (Mediane, gemessen von Rang 0)</translation>
    </message>
    <message>
        <source>peak memory %1 MiB per process (measured)</source>
        <translation>Spitzenspeicher %1 MiB pro Prozess (gemessen)</translation>
    </message>
    <message>
        <source>A lost rank fails the job at the timeout; restarting every rank from the checkpoint continues the curve exactly</source>
        <translation>Ein verlorener Rang lässt den Job beim Timeout scheitern; der Neustart aller Ränge vom Checkpoint setzt die Kurve exakt fort</translation>
    </message>
    <message>
        <source>The resumed curve differs from the uninterrupted job&apos;s</source>
        <translation>Die fortgesetzte Kurve weicht von der des ununterbrochenen Jobs ab</translation>
    </message>
    <message>
        <source>The experiment did not show a lost rank and a restart</source>
        <translation>Das Experiment hat keinen verlorenen Rang mit Neustart gezeigt</translation>
    </message>
    <message>
        <source>rank 1 stopped after step %1, its connections left open (a machine that vanished); rank 0 waited %2 s in its collective (timeout %3 s), then the job failed naming rank 1</source>
        <translation>Rang 1 nach Schritt %1 angehalten, seine Verbindungen offen gelassen (eine verschwundene Maschine); Rang 0 wartete %2 s in seiner Collective-Operation (Timeout %3 s), dann scheiterte der Job und nannte Rang 1</translation>
    </message>
    <message>
        <source>every rank restarted from checkpoint step %1: max |diff| %2 against the uninterrupted job, %3 of %4 steps bit-equal</source>
        <translation>alle Ränge ab Checkpoint-Schritt %1 neu gestartet: max. |Diff| %2 gegenüber dem ununterbrochenen Job, %3 von %4 Schritten bitgleich</translation>
    </message>
    <message>
        <source>restarting only the lost worker would not help: the new process cannot join the old group, so a longer timeout only waits longer, and Gloo&apos;s group fails the same way</source>
        <translation>nur den verlorenen Worker neu zu starten, hilft nicht: der neue Prozess kann der alten Gruppe nicht beitreten, ein längerer Timeout wartet also nur länger, und Gloos Gruppe scheitert genauso</translation>
    </message>
    <message>
        <source>Sharding the optimizer state: %1x of it per process, the same updates</source>
        <translation>Optimizer-Zustand geteilt: %1x davon pro Prozess, dieselben Updates</translation>
    </message>
    <message>
        <source>The experiment did not show the state divided with the same updates</source>
        <translation>Das Experiment zeigte den Zustand nicht bei denselben Updates aufgeteilt</translation>
    </message>
    <message>
        <source>AdamW&apos;s state per process: %1 MB replicated, %2 MB at most sharded over %3 processes (measured)</source>
        <translation>AdamW-Zustand pro Prozess: %1 MB repliziert, höchstens %2 MB auf %3 Prozesse geteilt (gemessen)</translation>
    </message>
    <message>
        <source>loss: max |diff| %1 between the two jobs, %2 of %3 steps bit-equal</source>
        <translation>Loss: max |Diff| %1 zwischen den beiden Jobs, %2 von %3 Schritten bitgleich</translation>
    </message>
    <message>
        <source>a 20B-parameter model at 16 bytes a parameter, 8 GPUs (estimated, formula): %1 GB per GPU replicated, %2 GB with the optimizer state sharded, %3 GB fully sharded (FSDP, ZeRO-3)</source>
        <translation>ein Modell mit 20 Mrd. Parametern bei 16 Byte pro Parameter, 8 GPUs (geschätzt, Formel): %1 GB pro GPU repliziert, %2 GB mit geteiltem Optimizer-Zustand, %3 GB vollständig geteilt (FSDP, ZeRO-3)</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabSessionArchive</name>
    <message>
        <source>trained in this window</source>
        <translation>in diesem Fenster trainiert</translation>
    </message>
    <message>
        <source>Keep the lab session?</source>
        <translation>Die Laborsitzung behalten?</translation>
    </message>
    <message>
        <source>The lab shows a stopped session (%1). A new run changes it.

Keep and add: the new runs join it; a finished run stays in the session unless the new run of that option finishes too.
Start a new session: the lab is emptied; this session stays in File &gt; Reopen lab session.</source>
        <translation>Das Labor zeigt eine beendete Sitzung (%1). Ein neuer Lauf ändert sie.

Behalten und ergänzen: Die neuen Läufe kommen hinzu; ein fertiger Lauf bleibt in der Sitzung, außer der neue Lauf dieser Option wird auch fertig.
Neue Sitzung beginnen: Das Labor wird geleert; diese Sitzung bleibt unter Datei &gt; Laborsitzung wieder öffnen.</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabSessionMenu</name>
    <message>
        <source>Reopen &amp;lab session</source>
        <translation>&amp;Laborsitzung wieder öffnen</translation>
    </message>
    <message>
        <source>The lab sessions kept on this computer, newest first</source>
        <translation>Die auf diesem Rechner aufbewahrten Laborsitzungen, die neueste zuerst</translation>
    </message>
    <message>
        <source>&amp;Keep and add</source>
        <translation>&amp;Behalten und ergänzen</translation>
    </message>
    <message>
        <source>Start a &amp;new session</source>
        <translation>&amp;Neue Sitzung beginnen</translation>
    </message>
    <message>
        <source>A new lab session; the last one stays in File &gt; Reopen lab session.</source>
        <translation>Eine neue Laborsitzung; die letzte bleibt unter Datei &gt; Laborsitzung wieder öffnen.</translation>
    </message>
    <message>
        <source>The session keeps the finished run of %1: the new run did not finish, so the lab shows the finished one again.</source>
        <translation>Die Sitzung behält den fertigen Lauf von %1: Der neue Lauf wurde nicht fertig, deshalb zeigt das Labor wieder den fertigen.</translation>
    </message>
    <message>
        <source>No lab session kept yet</source>
        <translation>Noch keine Laborsitzung aufbewahrt</translation>
    </message>
    <message>
        <source>Stop the runs?</source>
        <translation>Läufe anhalten?</translation>
    </message>
    <message>
        <source>Runs are still training. Stop them and reopen the session?</source>
        <translation>Es trainieren noch Läufe. Sie anhalten und die Sitzung wieder öffnen?</translation>
    </message>
    <message numerus="yes">
        <source>Reopened the lab session %1: %n run(s), as recordings.</source>
        <translation>
            <numerusform>Laborsitzung %1 wieder geöffnet: %n Lauf, als Aufzeichnung.</numerusform>
            <numerusform>Laborsitzung %1 wieder geöffnet: %n Läufe, als Aufzeichnungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
</context>
<context>
    <name>precisionlab::LabSessionStore</name>
    <message numerus="yes">
        <source>%n run(s), all finished</source>
        <translation>
            <numerusform>%n Lauf, fertig</numerusform>
            <numerusform>%n Läufe, alle fertig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished</source>
        <translation>
            <numerusform>%n fertig</numerusform>
            <numerusform>%n fertig</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cancelled</source>
        <translation>
            <numerusform>%n abgebrochen</numerusform>
            <numerusform>%n abgebrochen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n gescheitert</numerusform>
            <numerusform>%n gescheitert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s): %1</source>
        <translation>
            <numerusform>%n Lauf: %1</numerusform>
            <numerusform>%n Läufe: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: cannot move the last lab session into %2; check the data folder&apos;s permissions</source>
        <translation>%1: Die letzte Laborsitzung lässt sich nicht nach %2 verschieben; prüfen Sie die Rechte des Datenordners</translation>
    </message>
    <message>
        <source>%1: cannot create the folder; check that the data folder is writable</source>
        <translation>%1: Der Ordner kann nicht angelegt werden; prüfen Sie, ob der Datenordner beschreibbar ist</translation>
    </message>
    <message>
        <source>%1: cannot copy it into the new session; check the data folder&apos;s space and permissions</source>
        <translation>%1: Die Datei lässt sich nicht in die neue Sitzung kopieren; prüfen Sie Platz und Rechte des Datenordners</translation>
    </message>
    <message>
        <source>%1: cannot write it (%2); check the data folder&apos;s space and permissions</source>
        <translation>%1: Die Datei lässt sich nicht schreiben (%2); prüfen Sie Platz und Rechte des Datenordners</translation>
    </message>
    <message>
        <source>%1: cannot replace it with the new session; check the data folder&apos;s permissions</source>
        <translation>%1: Er kann nicht durch die neue Sitzung ersetzt werden; prüfen Sie die Rechte des Datenordners</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabSettingsPanel</name>
    <message>
        <source>minilm — pretrained all-MiniLM-L6-v2 (6 layers, hidden 384)</source>
        <translation>minilm — vortrainiertes all-MiniLM-L6-v2 (6 Schichten, Hidden 384)</translation>
    </message>
    <message>
        <source>minilm — pretrained MiniLM not installed</source>
        <translation>minilm — vortrainiertes MiniLM nicht installiert</translation>
    </message>
    <message>
        <source>%1 — random init, %2</source>
        <translation>%1 — zufällige Initialisierung, %2</translation>
    </message>
    <message>
        <source>The random-init sizes train a BERT from scratch; they are used when no checkpoint directory is chosen.</source>
        <translation>Die Größen mit zufälliger Initialisierung trainieren ein BERT von Grund auf; sie werden verwendet, wenn kein Checkpoint-Ordner gewählt ist.</translation>
    </message>
    <message>
        <source>Model preset</source>
        <translation>Modell-Preset</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Pretrained layers used</source>
        <translation>Verwendete vortrainierte Schichten</translation>
    </message>
    <message>
        <source>none: use the preset</source>
        <translation>keiner: Preset verwenden</translation>
    </message>
    <message>
        <source>A Hugging Face checkpoint directory with config.json, vocab.txt and model.safetensors (pytorch_model.bin is refused: convert it to safetensors first).</source>
        <translation>Ein Hugging-Face-Checkpoint-Ordner mit config.json, vocab.txt und model.safetensors (pytorch_model.bin wird abgelehnt: zuerst nach safetensors konvertieren).</translation>
    </message>
    <message>
        <source>Checkpoint directory</source>
        <translation>Checkpoint-Ordner</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose checkpoint directory</source>
        <translation>Checkpoint-Ordner wählen</translation>
    </message>
    <message>
        <source>CSV, TSV or JSONL with a &apos;text&apos; and a &apos;label&apos; column; empty = the built-in dataset.</source>
        <translation>CSV, TSV oder JSONL mit einer Spalte &apos;text&apos; und einer Spalte &apos;label&apos;; leer = der eingebaute Datensatz.</translation>
    </message>
    <message>
        <source>Dataset file</source>
        <translation>Datensatzdatei</translation>
    </message>
    <message>
        <source>Choose dataset file</source>
        <translation>Datensatzdatei wählen</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Tokens per example including [CLS] and [SEP] (BERT&apos;s limit is 512).</source>
        <translation>Tokens pro Beispiel einschließlich [CLS] und [SEP] (BERTs Grenze ist 512).</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>Sequenzlänge</translation>
    </message>
    <message>
        <source>Peak AdamW learning rate (linear warmup, then linear decay).</source>
        <translation>Maximale Lernrate von AdamW (linearer Warmup, dann linearer Abfall).</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>cpu</translation>
    </message>
    <message>
        <source>cuda (GPU)</source>
        <translation>cuda (GPU)</translation>
    </message>
    <message>
        <source>cuda needs an NVIDIA GPU and a CUDA build of LibTorch; a run on a missing GPU fails with a message saying so.</source>
        <translation>cuda braucht eine NVIDIA-GPU und einen CUDA-Build von LibTorch; ein Lauf auf einer fehlenden GPU scheitert mit einer entsprechenden Meldung.</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Training threads</source>
        <translation>Trainings-Threads</translation>
    </message>
    <message>
        <source>Intra-op threads per run. The lab uses at most %1 of this machine&apos;s %2 cores so one core stays with the window and it never stutters while runs train.</source>
        <translation>Intra-Op-Threads pro Lauf. Das Labor nutzt höchstens %1 der %2 Kerne dieses Rechners, damit ein Kern beim Fenster bleibt und es nie ruckelt, während Läufe trainieren.</translation>
    </message>
    <message>
        <source>Reset settings</source>
        <translation>Einstellungen zurücksetzen</translation>
    </message>
    <message>
        <source>Clear runs</source>
        <translation>Läufe leeren</translation>
    </message>
    <message>
        <source>Stop every run and remove all curves.</source>
        <translation>Jeden Lauf stoppen und alle Kurven entfernen.</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>La&amp;yers</source>
        <translation>Schic&amp;hten</translation>
    </message>
    <message>
        <source>Check&amp;point</source>
        <translation>Check&amp;point</translation>
    </message>
    <message>
        <source>&amp;Dataset</source>
        <translation>&amp;Datensatz</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>&amp;Batch</translation>
    </message>
    <message>
        <source>Se&amp;quence</source>
        <translation>Se&amp;quenz</translation>
    </message>
    <message>
        <source>&amp;Learning rate</source>
        <translation>&amp;Lernrate</translation>
    </message>
    <message>
        <source>S&amp;teps</source>
        <translation>Sch&amp;ritte</translation>
    </message>
    <message>
        <source>De&amp;vice</source>
        <translation>&amp;Gerät</translation>
    </message>
    <message>
        <source>Changes apply to runs you start next.</source>
        <translation>Änderungen gelten für die Läufe, die Sie als Nächstes starten.</translation>
    </message>
    <message>
        <source>T&amp;hreads</source>
        <translation>&amp;Threads</translation>
    </message>
    <message>
        <source>Choose a Hugging Face checkpoint directory</source>
        <translation>Hugging-Face-Checkpoint-Ordner wählen</translation>
    </message>
    <message>
        <source>Choose a dataset</source>
        <translation>Datensatz wählen</translation>
    </message>
    <message>
        <source>Datasets (*.csv *.tsv *.jsonl *.json);;All files (*)</source>
        <translation>Datensätze (*.csv *.tsv *.jsonl *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>must be greater than %1</source>
        <translation>muss größer als %1 sein</translation>
    </message>
    <message>
        <source>must be at least %1</source>
        <translation>muss mindestens %1 sein</translation>
    </message>
    <message>
        <source>must be at least %1 and less than %2</source>
        <translation>muss mindestens %1 und kleiner als %2 sein</translation>
    </message>
    <message>
        <source>must be between %1 and %2</source>
        <translation>muss zwischen %1 und %2 liegen</translation>
    </message>
    <message>
        <source>Fine-tune only the first N encoder layers of the pretrained model (the rest are not loaded): fewer layers, faster steps on a CPU. The lab fine-tunes all of MiniLM&apos;s 6 by default: with fewer, it learns too slowly for a lab of minutes.</source>
        <translation>Nur die ersten N Encoder-Schichten des vortrainierten Modells feinabstimmen (der Rest wird nicht geladen): weniger Schichten, schnellere Schritte auf einer CPU. Das Labor stimmt standardmäßig alle 6 Schichten von MiniLM ab: mit weniger lernt es für ein Labor von Minuten zu langsam.</translation>
    </message>
    <message>
        <source>built-in data: 2,500 training-run reports, 5 classes</source>
        <translation>eingebaute Daten: 2.500 Trainingslauf-Berichte, 5 Klassen</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabTimeEstimate</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Expected time: no estimate (%1).</source>
        <translation>Erwartete Dauer: keine Schätzung (%1).</translation>
    </message>
    <message>
        <source>Every option: about %1 on this machine now (estimate, measured %2; hover for how).</source>
        <translation>Jede Option: etwa %1 auf diesem Rechner jetzt (Schätzung, gemessen %2; wie, steht im Tooltip).</translation>
    </message>
    <message>
        <source>Estimate: %1 steps of %2 runs × %3 s a step = %4. The seconds a step were measured just now: %5 steps of the fp32 baseline&apos;s own model and batch timed on this machine, under what else it runs, at the priority the lab&apos;s runs get.</source>
        <translation>Schätzung: %1 Schritte von %2 Läufen × %3 s je Schritt = %4. Die Sekunden je Schritt wurden eben gemessen: %5 Schritte mit Modell und Batch der fp32-Basislinie auf diesem Rechner gestoppt, unter seiner übrigen Last, mit der Priorität, die die Läufe des Labors bekommen.</translation>
    </message>
    <message>
        <source>%1 stepped side by side, as the lab steps its runs.</source>
        <translation>%1 liefen nebeneinander, wie das Labor seine Läufe rechnet.</translation>
    </message>
    <message>
        <source>Preparing the runs (%1 here for one) and their evaluations come on top; precisions other than fp32 step faster or slower.</source>
        <translation>Das Vorbereiten der Läufe (hier %1 für einen) und ihre Auswertungen kommen hinzu; andere Genauigkeiten als fp32 rechnen schneller oder langsamer.</translation>
    </message>
    <message>
        <source>Every option: measuring how long it takes on this machine now…</source>
        <translation>Jede Option: misst, wie lange sie auf diesem Rechner jetzt braucht …</translation>
    </message>
    <message>
        <source>Plus %1 jobs run as child processes (data parallelism, kill and resume), each preparing its model again: %2 each.</source>
        <translation>Dazu %1 Jobs als Kindprozesse (Datenparallelität, Abbruch und Fortsetzung), die jeweils ihr Modell neu vorbereiten: je %2.</translation>
    </message>
    <message>
        <source>Plus %1 a job that lost a rank waits out (its collective timeout).</source>
        <translation>Dazu %1, die ein Job nach einem verlorenen Rang abwartet (sein Collective-Timeout).</translation>
    </message>
    <message>
        <source>Measured since the runs&apos; first step: the steps every live run of the lab did together, per second. Whatever slows this machine (other programs, the runs&apos; low priority) shows as a lower pace. Evaluations, and preparing runs started later, come on top.</source>
        <translation>Gemessen seit dem ersten Schritt der Läufe: die Schritte, die alle Live-Läufe des Labors zusammen pro Sekunde gemacht haben. Was diesen Rechner bremst (andere Programme, die niedrige Priorität der Läufe), zeigt sich als geringeres Tempo. Auswertungen und das Vorbereiten später gestarteter Läufe kommen hinzu.</translation>
    </message>
    <message>
        <source>Running: measuring their pace for the time they have left…</source>
        <translation>Läuft: misst das Tempo der Läufe für die verbleibende Zeit…</translation>
    </message>
    <message>
        <source>Running: about %1 left at the pace measured so far (%2 steps a second, all runs together, over %3).</source>
        <translation>Läuft: noch etwa %1 beim bisher gemessenen Tempo (%2 Schritte pro Sekunde, alle Läufe zusammen, über %3).</translation>
    </message>
    <message>
        <source>Lab: about %1 left</source>
        <translation>Labor: noch etwa %1</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabVerdictTable</name>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Val acc</source>
        <translation>Val.-Gen.</translation>
    </message>
    <message>
        <source>Verdict (computed)</source>
        <translation>Befund (berechnet)</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>Gemessen</translation>
    </message>
    <message>
        <source>The fp32 reference, then each option as the question shows it</source>
        <translation>Die fp32-Referenz, dann jede Option so, wie die Frage sie zeigt</translation>
    </message>
    <message>
        <source>Run state and steps done</source>
        <translation>Laufzustand und erledigte Schritte</translation>
    </message>
    <message>
        <source>Speed vs fp32: median step time ratio (p25-p75 spread); 2.00x = twice as fast</source>
        <translation>Tempo ggü. fp32: Verhältnis der medianen Schrittzeiten (Streuung p25–p75); 2,00x = doppelt so schnell</translation>
    </message>
    <message>
        <source>Peak memory vs fp32; 0.50x = half the memory</source>
        <translation>Spitzenspeicher ggü. fp32; 0,50x = halber Speicher</translation>
    </message>
    <message>
        <source>Final validation accuracy (the fp32 baseline&apos;s in brackets)</source>
        <translation>Abschließende Validierungsgenauigkeit (die der fp32-Baseline in Klammern)</translation>
    </message>
    <message>
        <source>Computed from the records by the engine&apos;s verdict rules</source>
        <translation>Aus den Aufzeichnungen mit den Befundregeln der Engine berechnet</translation>
    </message>
    <message>
        <source>Where the numbers come from: live, emulated or recorded (device, date)</source>
        <translation>Woher die Zahlen stammen: live, emuliert oder aufgezeichnet (Gerät, Datum)</translation>
    </message>
    <message>
        <source>Verdict table</source>
        <translation>Befundtabelle</translation>
    </message>
    <message>
        <source>  ✓ the answer</source>
        <translation>  ✓ die Antwort</translation>
    </message>
    <message>
        <source>  ✗</source>
        <translation>  ✗</translation>
    </message>
    <message>
        <source>no lab run for this option</source>
        <translation>kein Laborlauf für diese Option</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>noch nicht ausgeführt</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabVerdicts</name>
    <message>
        <source>no verdict: needs the fp32 baseline recorded on the same machine (%1)</source>
        <translation>kein Befund: braucht die auf demselben Rechner aufgezeichnete fp32-Baseline (%1)</translation>
    </message>
    <message>
        <source>no verdict yet: needs the live fp32 baseline (%1)</source>
        <translation>noch kein Befund: braucht die live laufende fp32-Baseline (%1)</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>failed at step %1</source>
        <translation>in Schritt %1 gescheitert</translation>
    </message>
    <message numerus="yes">
        <source> (%n run(s))</source>
        <translation>
            <numerusform> (%n Lauf)</numerusform>
            <numerusform> (%n Läufe)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n trials)</source>
        <translation>
            <numerusform> (%n Trial)</numerusform>
            <numerusform> (%n Trials)</numerusform>
        </translation>
    </message>
    <message>
        <source>n/a (emulated)</source>
        <translation>k. A. (emuliert)</translation>
    </message>
    <message>
        <source>n/a here</source>
        <translation>hier k. A.</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>— (NaN at step %1)</source>
        <translation>— (NaN in Schritt %1)</translation>
    </message>
    <message>
        <source>no evaluation yet</source>
        <translation>noch keine Auswertung</translation>
    </message>
    <message>
        <source>%1 (fp32 %2)</source>
        <translation>%1 (fp32 %2)</translation>
    </message>
    <message>
        <source>n/a (not a speed test)</source>
        <translation>k. A. (kein Geschwindigkeitstest)</translation>
    </message>
</context>
<context>
    <name>precisionlab::LabView</name>
    <message>
        <source>Runs: tick an option to train it, untick to stop</source>
        <translation>Läufe: Option anhaken, um sie zu trainieren, abhaken zum Stoppen</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Verdict (computed from the runs)</source>
        <translation>Befund (aus den Läufen berechnet)</translation>
    </message>
    <message>
        <source>Replay recorded runs</source>
        <translation>Aufzeichnungen abspielen</translation>
    </message>
    <message>
        <source>Replay the runs shipped with PrecisionLab (each labelled with the device and date it was recorded on).</source>
        <translation>Die mit PrecisionLab ausgelieferten Läufe abspielen (jeweils mit Gerät und Datum der Aufzeichnung beschriftet).</translation>
    </message>
    <message>
        <source>Open recorded runs…</source>
        <translation>Aufzeichnungen öffnen…</translation>
    </message>
    <message>
        <source>Replay .plrun files, e.g. runs recorded on a GPU machine.</source>
        <translation>.plrun-Dateien abspielen, z. B. auf einem GPU-Rechner aufgezeichnete Läufe.</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>Abspieltempo</translation>
    </message>
    <message>
        <source>How fast recorded runs replay: 1x is the speed they were recorded at.</source>
        <translation>Wie schnell aufgezeichnete Läufe abgespielt werden: 1x ist das Tempo der Aufzeichnung.</translation>
    </message>
    <message>
        <source>&amp;speed</source>
        <translation>Temp&amp;o</translation>
    </message>
    <message>
        <source>Stop all</source>
        <translation>Alle stoppen</translation>
    </message>
    <message>
        <source>Export to Vertex AI…</source>
        <translation>Vertex-AI-Export…</translation>
    </message>
    <message>
        <source>Write the Hugging Face Trainer script and Vertex AI job spec for the highlighted option.</source>
        <translation>Das Hugging-Face-Trainer-Skript und die Vertex-AI-Job-Spezifikation für die hervorgehobene Option schreiben.</translation>
    </message>
    <message>
        <source>Export runs as CSV…</source>
        <translation>Als CSV exportieren…</translation>
    </message>
    <message>
        <source>One row per step per run, with where each number comes from.</source>
        <translation>Eine Zeile pro Schritt und Lauf, mit der Herkunft jeder Zahl.</translation>
    </message>
    <message>
        <source>Show or hide the settings new runs start from</source>
        <translation>Die Einstellungen zeigen oder verbergen, mit denen neue Läufe starten</translation>
    </message>
    <message>
        <source>Clear all runs?</source>
        <translation>Alle Läufe leeren?</translation>
    </message>
    <message>
        <source>This stops every run and removes all results and charts from the lab (saved recordings on disk are kept).

Clear the runs?</source>
        <translation>Dies stoppt jeden Lauf und entfernt alle Ergebnisse und Diagramme aus dem Labor (gespeicherte Aufzeichnungen auf der Festplatte bleiben erhalten).

Läufe leeren?</translation>
    </message>
    <message numerus="yes">
        <source>Settings: %1 · %2 · batch %3 · sequence %4 · lr %5 · %6 steps · %7 · %n thread(s)</source>
        <translation>
            <numerusform>Einstellungen: %1 · %2 · Batch %3 · Sequenz %4 · lr %5 · %6 Schritte · %7 · %n Thread</numerusform>
            <numerusform>Einstellungen: %1 · %2 · Batch %3 · Sequenz %4 · lr %5 · %6 Schritte · %7 · %n Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>Unknown lab scenario &apos;%1&apos;.</source>
        <translation>Unbekanntes Laborszenario &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>%1 is already running.</source>
        <translation>%1 läuft bereits.</translation>
    </message>
    <message>
        <source>could not start</source>
        <translation>konnte nicht starten</translation>
    </message>
    <message>
        <source>%1 could not start: %2</source>
        <translation>%1 konnte nicht starten: %2</translation>
    </message>
    <message>
        <source>Started %1.</source>
        <translation>%1 gestartet.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>All runs cleared.</source>
        <translation>Alle Läufe geleert.</translation>
    </message>
    <message>
        <source>Mixed view: %1. Each verdict compares runs of one source only; curves marked &quot;(recorded)&quot; come from the recording.</source>
        <translation>Gemischte Ansicht: %1. Jeder Befund vergleicht nur Läufe einer Quelle; mit „(aufgezeichnet)“ markierte Kurven stammen aus der Aufzeichnung.</translation>
    </message>
    <message>
        <source>Open recorded runs</source>
        <translation>Aufgezeichnete Läufe öffnen</translation>
    </message>
    <message>
        <source>PrecisionLab recorded runs (*.plrun);;All files (*)</source>
        <translation>Aufgezeichnete PrecisionLab-Läufe (*.plrun);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No recorded runs found</source>
        <translation>Keine aufgezeichneten Läufe gefunden</translation>
    </message>
    <message>
        <source>This build has no recorded runs. Open .plrun files with &quot;Open recorded runs…&quot; instead.</source>
        <translation>Dieser Build enthält keine aufgezeichneten Läufe. Öffnen Sie stattdessen .plrun-Dateien mit „Aufgezeichnete Läufe öffnen…“.</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n recorded run(s)…</source>
        <translation>
            <numerusform>Lese %n aufgezeichneten Lauf…</numerusform>
            <numerusform>Lese %n aufgezeichnete Läufe…</numerusform>
        </translation>
    </message>
    <message>
        <source>This recorded run cannot be replayed</source>
        <translation>Dieser aufgezeichnete Lauf kann nicht abgespielt werden</translation>
    </message>
    <message>
        <source>%1

Nothing was replayed. Choose another file, or record the run again with &quot;precisionlab-cli record&quot;.</source>
        <translation>%1

Es wurde nichts abgespielt. Wählen Sie eine andere Datei oder zeichnen Sie den Lauf mit „precisionlab-cli record“ neu auf.</translation>
    </message>
    <message numerus="yes">
        <source>Replaying %n recorded run(s) at %1x.</source>
        <translation>
            <numerusform>Spiele %n aufgezeichneten Lauf mit %1x ab.</numerusform>
            <numerusform>Spiele %n aufgezeichnete Läufe mit %1x ab.</numerusform>
        </translation>
    </message>
    <message>
        <source>stopping…</source>
        <translation>wird gestoppt…</translation>
    </message>
    <message>
        <source>No recording of %1 in this set.</source>
        <translation>Keine Aufzeichnung von %1 in dieser Auswahl.</translation>
    </message>
    <message>
        <source>stopping… · %1/%2</source>
        <translation>wird gestoppt… · %1/%2</translation>
    </message>
    <message>
        <source>Replace live runs?</source>
        <translation>Live-Läufe ersetzen?</translation>
    </message>
    <message>
        <source>Replaying these recordings replaces the live runs of %1 (their curves and verdicts). The live fp32 baseline stays.

Replace them?</source>
        <translation>Das Abspielen dieser Aufzeichnungen ersetzt die Live-Läufe von %1 (ihre Kurven und Urteile). Die Live-fp32-Baseline bleibt.

Ersetzen?</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Nothing replayed: the live runs are kept.</source>
        <translation>Nichts abgespielt: Die Live-Läufe bleiben.</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Where the numbers come from: live on this machine, emulated, recorded (when, on what) or estimated; hover a badge for all of it</source>
        <translation>Woher die Zahlen stammen: live auf diesem Rechner, emuliert, aufgezeichnet (wann, worauf) oder geschätzt; alles Weitere zeigt der Tooltip eines Abzeichens</translation>
    </message>
    <message>
        <source>built-in data</source>
        <translation>eingebaute Daten</translation>
    </message>
    <message>
        <source>Departs from Hugging Face&apos;s defaults: %1.</source>
        <translation>Abweichungen von den Hugging-Face-Standards: %1.</translation>
    </message>
    <message>
        <source>Nothing started; the lab session stays as it was.</source>
        <translation>Nichts gestartet; die Laborsitzung bleibt, wie sie war.</translation>
    </message>
</context>
<context>
    <name>precisionlab::LiveChart</name>
    <message>
        <source>NaN at step %1</source>
        <translation>NaN in Schritt %1</translation>
    </message>
    <message>
        <source>inf at step %1</source>
        <translation>inf in Schritt %1</translation>
    </message>
</context>
<context>
    <name>precisionlab::MainWindow</name>
    <message>
        <source>PrecisionLab</source>
        <translation>PrecisionLab</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>Ansichten</translation>
    </message>
    <message>
        <source>Study</source>
        <translation>Lernen</translation>
    </message>
    <message>
        <source>Lab</source>
        <translation>Labor</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Studying as %1.</source>
        <translation>Lernprofil: %1.</translation>
    </message>
    <message>
        <source>Ready. Keys: 1-4 or A-D choose, Enter submits, N next.</source>
        <translation>Bereit. Tasten: 1–4 oder A–D wählen, Enter gibt ab, N weiter.</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n authoring warning(s); first: %2 (precisionlab-cli bank check --lint FILE lists them all)</source>
        <translation>
            <numerusform>%1: %n Autorenwarnung; erste: %2 (precisionlab-cli bank check --lint DATEI listet alle auf)</numerusform>
            <numerusform>%1: %n Autorenwarnungen; erste: %2 (precisionlab-cli bank check --lint DATEI listet alle auf)</numerusform>
        </translation>
    </message>
    <message>
        <source>The question bank could not be loaded</source>
        <translation>Die Fragensammlung konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>%1 has problems, so its questions cannot be shown:

%2

Fix the file (see docs/question-bank-format.md and docs/question-bank-interchange.md); the built-in questions are shown meanwhile.</source>
        <translation>%1 hat Fehler, daher können ihre Fragen nicht angezeigt werden:

%2

Korrigieren Sie die Datei (siehe docs/question-bank-format.md und docs/question-bank-interchange.md); bis dahin werden die eingebauten Fragen angezeigt.</translation>
    </message>
    <message numerus="yes">
        <source>replaying %n recording(s) in the lab</source>
        <translation>
            <numerusform>spiele %n Aufzeichnung im Labor ab</numerusform>
            <numerusform>spiele %n Aufzeichnungen im Labor ab</numerusform>
        </translation>
    </message>
    <message>
        <source>opening %1</source>
        <translation>öffne %1</translation>
    </message>
    <message>
        <source>one question bank at a time: %1 not opened</source>
        <translation>eine Fragensammlung auf einmal: %1 nicht geöffnet</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>… und %1 weitere</translation>
    </message>
    <message>
        <source>The question bank could not be opened</source>
        <translation>Die Fragensammlung konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1 has problems; nothing was imported:

%2</source>
        <translation>%1 hat Fehler; nichts wurde importiert:

%2</translation>
    </message>
    <message>
        <source>Open question bank</source>
        <translation>Fragensammlung öffnen</translation>
    </message>
    <message>
        <source>unknown format %1</source>
        <translation>unbekanntes Format %1</translation>
    </message>
    <message>
        <source>Export question bank</source>
        <translation>Fragensammlung exportieren</translation>
    </message>
    <message>
        <source>The question bank was not exported</source>
        <translation>Die Fragensammlung wurde nicht exportiert</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n question(s) to %1.</source>
        <translation>
            <numerusform>%n Frage nach %1 exportiert.</numerusform>
            <numerusform>%n Fragen nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Question bank exported</source>
        <translation>Fragensammlung exportiert</translation>
    </message>
    <message>
        <source>%1

What this format keeps: %2</source>
        <translation>%1

Was dieses Format behält: %2</translation>
    </message>
    <message>
        <source>Your progress cannot be saved</source>
        <translation>Ihr Fortschritt kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>%1

You can still study, but answers will not be remembered. Check that %2 is on a disk you can write to, then restart PrecisionLab.</source>
        <translation>%1

Sie können weiter lernen, aber Antworten werden nicht gespeichert. Prüfen Sie, ob %2 auf einem beschreibbaren Datenträger liegt, und starten Sie PrecisionLab dann neu.</translation>
    </message>
    <message>
        <source>Progress database upgraded (a backup was made first).</source>
        <translation>Fortschrittsdatenbank aktualisiert (vorher wurde eine Sicherung angelegt).</translation>
    </message>
    <message>
        <source>Your progress file was damaged. It was moved aside to
%1
and your latest good backup was restored from
%2.

Answers made after that backup are missing.</source>
        <translation>Ihre Fortschrittsdatei war beschädigt. Sie wurde verschoben nach
%1
und Ihre letzte gute Sicherung wurde wiederhergestellt aus
%2.

Antworten nach dieser Sicherung fehlen.</translation>
    </message>
    <message>
        <source>Your progress file was damaged and no good backup was found. It was moved aside to
%1
(nothing was deleted) and PrecisionLab started a new, empty one.</source>
        <translation>Ihre Fortschrittsdatei war beschädigt, und es wurde keine gute Sicherung gefunden. Sie wurde verschoben nach
%1
(nichts wurde gelöscht), und PrecisionLab hat eine neue, leere angelegt.</translation>
    </message>
    <message>
        <source>Your progress file was made by a newer PrecisionLab. It is open read-only so nothing in it is lost: new answers are not saved. Update PrecisionLab to keep saving progress.</source>
        <translation>Ihre Fortschrittsdatei stammt von einem neueren PrecisionLab. Sie ist schreibgeschützt geöffnet, damit nichts darin verloren geht: Neue Antworten werden nicht gespeichert. Aktualisieren Sie PrecisionLab, um den Fortschritt weiter zu speichern.</translation>
    </message>
    <message>
        <source>Another program (perhaps a second PrecisionLab window) is using your progress file, so it is open read-only and new answers are not saved. Close the other program and restart PrecisionLab.</source>
        <translation>Ein anderes Programm (vielleicht ein zweites PrecisionLab-Fenster) verwendet Ihre Fortschrittsdatei, daher ist sie schreibgeschützt geöffnet und neue Antworten werden nicht gespeichert. Schließen Sie das andere Programm und starten Sie PrecisionLab neu.</translation>
    </message>
    <message>
        <source>About your progress</source>
        <translation>Über Ihren Fortschritt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;question bank…</source>
        <translation>Fragensammlung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Export question &amp;bank…</source>
        <translation>Fragensammlung e&amp;xportieren…</translation>
    </message>
    <message>
        <source>&amp;Export attempts as CSV…</source>
        <translation>&amp;Versuche als CSV exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>&amp;Open recorded runs…</source>
        <translation>Aufgezeichnete Läufe &amp;öffnen…</translation>
    </message>
    <message>
        <source>Replay .plrun files in the lab, e.g. runs recorded on a GPU</source>
        <translation>.plrun-Dateien im Labor abspielen, z. B. auf einer GPU aufgezeichnete Läufe</translation>
    </message>
    <message>
        <source>Replay the &amp;shipped recordings</source>
        <translation>&amp;Mitgelieferte Aufzeichnungen abspielen</translation>
    </message>
    <message>
        <source>Export to &amp;Vertex AI…</source>
        <translation>Nach Vertex &amp;AI exportieren…</translation>
    </message>
    <message>
        <source>Export lab &amp;runs as CSV…</source>
        <translation>Labor&amp;läufe als CSV exportieren…</translation>
    </message>
    <message>
        <source>Export lab runs for &amp;TensorBoard…</source>
        <translation>Laborläufe für &amp;TensorBoard exportieren…</translation>
    </message>
    <message>
        <source>Every run in the lab (live or replayed) as TensorBoard event files</source>
        <translation>Jeder Lauf im Labor (live oder abgespielt) als TensorBoard-Event-Dateien</translation>
    </message>
    <message>
        <source>Start or replay a run first, then export it.</source>
        <translation>Starten oder spielen Sie zuerst einen Lauf ab und exportieren Sie ihn dann.</translation>
    </message>
    <message>
        <source>Folder for TensorBoard logs</source>
        <translation>Ordner für TensorBoard-Logs</translation>
    </message>
    <message>
        <source>The TensorBoard export failed</source>
        <translation>Der TensorBoard-Export ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Study</source>
        <translation>Lerne&amp;n</translation>
    </message>
    <message>
        <source>&amp;New session</source>
        <translation>&amp;Neue Sitzung</translation>
    </message>
    <message>
        <source>&amp;Practice mode</source>
        <translation>&amp;Übungsmodus</translation>
    </message>
    <message>
        <source>&amp;Exam mode (timed)</source>
        <translation>&amp;Prüfungsmodus (mit Zeitlimit)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Lab</source>
        <translation>&amp;Labor</translation>
    </message>
    <message>
        <source>&amp;Progress</source>
        <translation>&amp;Fortschritt</translation>
    </message>
    <message>
        <source>P&amp;resenter mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Full screen, large text, high contrast; Space/arrows step through</source>
        <translation>Vollbild, große Schrift, hoher Kontrast; Leertaste/Pfeiltasten gehen Schritt für Schritt weiter</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Study
  1-4 or A-D   choose an option
  Enter   submit (again: next question)
  N   next question
  F   flag for review (exam)
  P   previous question (exam)

Presenter mode (F11 or F5)
  Space or Right   next step
  Left   previous step
  Esc   leave

Window
  Ctrl+1/2/3   Study, Lab, Progress
  Ctrl+E   export attempts as CSV
  Ctrl+N   new session
  Ctrl+Q   quit</source>
        <translation>Lernen
  1–4 oder A–D   Option wählen
  Enter   abgeben (nochmals: nächste Frage)
  N   nächste Frage
  F   zur Überprüfung markieren (Prüfung)
  P   vorherige Frage (Prüfung)

Präsentationsmodus (F11 oder F5)
  Leertaste oder Rechts   nächster Schritt
  Links   vorheriger Schritt
  Esc   verlassen

Fenster
  Strg+1/2/3   Lernen, Labor, Fortschritt
  Strg+E   Versuche als CSV exportieren
  Strg+N   neue Sitzung
  Strg+Q   beenden</translation>
    </message>
    <message>
        <source>&amp;About PrecisionLab</source>
        <translation>&amp;Über PrecisionLab</translation>
    </message>
    <message>
        <source>About PrecisionLab</source>
        <translation>Über PrecisionLab</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PrecisionLab %1&lt;/h3&gt;&lt;p&gt;Study one kind of exam question properly: answer it, read why each option is right or wrong, then run each option as a real fine-tuning job and watch the measurements prove the answer.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;&lt;pre&gt;%3&lt;/pre&gt;</source>
        <translation>&lt;h3&gt;PrecisionLab %1&lt;/h3&gt;&lt;p&gt;Eine Art von Prüfungsfrage gründlich lernen: Beantworten Sie sie, lesen Sie, warum jede Option richtig oder falsch ist, führen Sie dann jede Option als echten Fine-Tuning-Job aus und sehen Sie zu, wie die Messungen die Antwort belegen.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;&lt;pre&gt;%3&lt;/pre&gt;</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>Applies when PrecisionLab is started again</source>
        <translation>Gilt ab dem nächsten Start von PrecisionLab</translation>
    </message>
    <message>
        <source>Language: %1, from the next start of PrecisionLab.</source>
        <translation>Sprache: %1, ab dem nächsten Start von PrecisionLab.</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>Practice mode. For a timed exam, choose Exam in the mode box or the Study menu.</source>
        <translation>Übungsmodus. Für eine Prüfung mit Zeitlimit wählen Sie „Prüfung“ im Modusfeld oder im Menü „Lernen“.</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n run(s), %1 scalars, to %2. View with: tensorboard --logdir %2</source>
        <translation>
            <numerusform>%n Lauf mit %1 Skalaren nach %2 geschrieben. Ansehen mit: tensorboard --logdir %2</numerusform>
            <numerusform>%n Läufe mit %1 Skalaren nach %2 geschrieben. Ansehen mit: tensorboard --logdir %2</numerusform>
        </translation>
    </message>
    <message>
        <source>The same walkthrough on recordings you choose (one machine, one model): no step waits for training</source>
        <translation>Derselbe Ablauf mit Aufzeichnungen Ihrer Wahl (ein Rechner, ein Modell): Kein Schritt wartet auf Training</translation>
    </message>
    <message>
        <source>an exam you have not submitted (its answers are lost)</source>
        <translation>eine nicht abgegebene Prüfung (ihre Antworten gehen verloren)</translation>
    </message>
    <message numerus="yes">
        <source>%n lab run(s) still going (stopped now; what has not been saved is lost)</source>
        <translation>
            <numerusform>%n Laborlauf läuft noch (wird jetzt gestoppt; was nicht gespeichert ist, geht verloren)</numerusform>
            <numerusform>%n Laborläufe laufen noch (werden jetzt gestoppt; was nicht gespeichert ist, geht verloren)</numerusform>
        </translation>
    </message>
    <message>
        <source>Quitting now ends:
• %1

Quit anyway?</source>
        <translation>Jetzt beenden beendet:
• %1

Trotzdem beenden?</translation>
    </message>
    <message>
        <source>Quit PrecisionLab?</source>
        <translation>PrecisionLab beenden?</translation>
    </message>
    <message>
        <source>Present with recorded runs</source>
        <translation>Mit Aufzeichnungen präsentieren</translation>
    </message>
    <message>
        <source>PrecisionLab recorded runs (*.plrun);;All files (*)</source>
        <translation>PrecisionLab-Aufzeichnungen (*.plrun);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot present with these recordings</source>
        <translation>Mit diesen Aufzeichnungen kann nicht präsentiert werden</translation>
    </message>
    <message>
        <source>Present &amp;with recorded runs…</source>
        <translation>Mit &amp;Aufzeichnungen präsentieren…</translation>
    </message>
    <message>
        <source>Lost from this bank: %1.</source>
        <translation>In dieser Fragensammlung verloren: %1.</translation>
    </message>
    <message>
        <source>A PrecisionLab bank, a GIFT or Moodle XML quiz, or an Anki text deck or package</source>
        <translation>Eine PrecisionLab-Fragensammlung, ein GIFT- oder Moodle-XML-Quiz oder ein Anki-Textdeck oder -Deckpaket</translation>
    </message>
    <message>
        <source>This bank as GIFT, Moodle XML, an Anki text deck or package, or JSON</source>
        <translation>Diese Fragensammlung als GIFT, Moodle XML, Anki-Textdeck oder -Deckpaket oder JSON</translation>
    </message>
    <message>
        <source>Nothing to export</source>
        <translation>Nichts zu exportieren</translation>
    </message>
    <message>
        <source>Start at least one run, then export its records.</source>
        <translation>Starten Sie mindestens einen Lauf und exportieren Sie dann seine Aufzeichnungen.</translation>
    </message>
    <message>
        <source>Export run records as CSV</source>
        <translation>Laufaufzeichnungen als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Saved run records to %1.</source>
        <translation>Laufaufzeichnungen in %1 gespeichert.</translation>
    </message>
    <message>
        <source>&amp;Go to question…</source>
        <translation>&amp;Gehe zu Frage…</translation>
    </message>
    <message numerus="yes">
        <source>The last lab session&apos;s %n run(s) restored, as recordings; File &gt; Reopen lab session has the others.</source>
        <translation>
            <numerusform>Der %n Lauf der letzten Laborsitzung ist wiederhergestellt, als Aufzeichnung; Datei &gt; Laborsitzung wieder öffnen hat die anderen.</numerusform>
            <numerusform>Die %n Läufe der letzten Laborsitzung sind wiederhergestellt, als Aufzeichnungen; Datei &gt; Laborsitzung wieder öffnen hat die anderen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>precisionlab::OptionCard</name>
    <message>
        <source>Option %1: %2</source>
        <translation>Option %1: %2</translation>
    </message>
    <message>
        <source>▶ Run this option in the lab</source>
        <translation>▶ Diese Option im Labor ausführen</translation>
    </message>
    <message>
        <source>Run option %1 in the lab</source>
        <translation>Option %1 im Labor ausführen</translation>
    </message>
    <message>
        <source>Open the lab and train a model the way option %1 says</source>
        <translation>Das Labor öffnen und ein Modell so trainieren, wie Option %1 es sagt</translation>
    </message>
    <message>
        <source>✓  Your answer — correct</source>
        <translation>✓  Ihre Antwort — richtig</translation>
    </message>
    <message>
        <source>✗  Your answer — not correct</source>
        <translation>✗  Ihre Antwort — nicht richtig</translation>
    </message>
    <message>
        <source>✓  Correct answer</source>
        <translation>✓  Richtige Antwort</translation>
    </message>
    <message>
        <source>✗  Not correct</source>
        <translation>✗  Nicht richtig</translation>
    </message>
    <message>
        <source>✓  Your pick — a correct option, but the question needed %1</source>
        <translation>✓  Ihre Wahl – eine richtige Option, aber die Frage verlangte %1</translation>
    </message>
    <message>
        <source>✗  Your pick — not correct</source>
        <translation>✗  Ihre Wahl – nicht richtig</translation>
    </message>
</context>
<context>
    <name>precisionlab::PresenterMode</name>
    <message>
        <source>Verdicts</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>The measurements behind it (speed and memory relative to fp32: 1.00x = the same)</source>
        <translation>Die Messungen dahinter (Tempo und Speicher relativ zu fp32: 1,00x = gleich)</translation>
    </message>
    <message>
        <source>Presenter mode off.</source>
        <translation>Präsentationsmodus aus.</translation>
    </message>
    <message>
        <source>fp32 baseline (reference)</source>
        <translation>fp32-Baseline (Referenz)</translation>
    </message>
    <message>
        <source>  ·  on recordings</source>
        <translation>  ·  mit Aufzeichnungen</translation>
    </message>
    <message>
        <source>Presenting with recorded runs: each step shows its recording.</source>
        <translation>Präsentation mit Aufzeichnungen: Jeder Schritt zeigt seine Aufzeichnung.</translation>
    </message>
    <message>
        <source>%1: the same mechanism, measured here</source>
        <translation>%1: derselbe Mechanismus, hier gemessen</translation>
    </message>
    <message>
        <source>Present the recordings?</source>
        <translation>Aufzeichnungen zeigen?</translation>
    </message>
    <message>
        <source>Live runs kept: the lab slides show them as far as they got.</source>
        <translation>Live-Läufe behalten: Die Labor-Folien zeigen sie so weit, wie sie gekommen sind.</translation>
    </message>
    <message>
        <source>Stop the runs?</source>
        <translation>Läufe anhalten?</translation>
    </message>
    <message>
        <source>Runs are still training and keep the processor busy after presenter mode ends.

Stop them now?</source>
        <translation>Es trainieren noch Läufe; sie halten den Prozessor auch nach dem Präsentationsmodus beschäftigt.

Jetzt anhalten?</translation>
    </message>
    <message>
        <source>Page Down or → answers yes; Page Up or ← answers no.</source>
        <translation>Bild ab oder → antwortet Ja; Bild auf oder ← antwortet Nein.</translation>
    </message>
    <message>
        <source>Measured: no live run has finished a step in the %1 s since they started (less than %2 steps a second)</source>
        <translation>Gemessen: Kein Live-Lauf hat in den %1 s seit dem Start einen Schritt beendet (weniger als %2 Schritte pro Sekunde)</translation>
    </message>
    <message>
        <source>Measured: the live runs do %1 steps a second together (over the last %2 s)</source>
        <translation>Gemessen: Die Live-Läufe schaffen zusammen %1 Schritte pro Sekunde (über die letzten %2 s)</translation>
    </message>
    <message>
        <source>%1; the %2 steps left need %3 a second to finish in the %4 s the lab slides leave them. At this pace this machine needs about %5 s more to finish the runs.

Present the shipped recordings instead? (The live runs stop; each slide then shows its recorded run, labelled with the device and date it was recorded on.)</source>
        <translation>%1; die %2 verbleibenden Schritte brauchen %3 pro Sekunde, um in den %4 s fertig zu werden, die ihnen die Laborfolien lassen. In diesem Tempo braucht dieser Rechner noch etwa %5 s für die Läufe.

Stattdessen die mitgelieferten Aufzeichnungen zeigen? (Die Live-Läufe halten an; jede Folie zeigt dann ihren aufgezeichneten Lauf, beschriftet mit Gerät und Datum der Aufzeichnung.)</translation>
    </message>
    <message>
        <source>The live runs are slower than the slides need (%1 steps a second, %2 needed), and no recordings of this question&apos;s runs ship with the app: the lab slides show the live runs as far as they get.</source>
        <translation>Die Live-Läufe sind langsamer, als die Folien es brauchen (%1 Schritte pro Sekunde, %2 nötig), und für die Läufe dieser Frage liegen der App keine Aufzeichnungen bei: die Laborfolien zeigen die Live-Läufe so weit, wie sie kommen.</translation>
    </message>
    <message>
        <source>%1: the same mechanism, as recorded</source>
        <translation>%1: derselbe Mechanismus, wie aufgezeichnet</translation>
    </message>
</context>
<context>
    <name>precisionlab::PresenterWalkthrough</name>
    <message>
        <source>the question</source>
        <translation>die Frage</translation>
    </message>
    <message>
        <source>the answer</source>
        <translation>die Antwort</translation>
    </message>
    <message>
        <source>why each option is right or wrong</source>
        <translation>warum jede Option richtig oder falsch ist</translation>
    </message>
    <message>
        <source>option %1 in the lab</source>
        <translation>Option %1 im Labor</translation>
    </message>
    <message>
        <source>the evidence, option by option</source>
        <translation>die Belege, Option für Option</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>Space/→ next · ← back · Esc leave</source>
        <translation>Leertaste/→ weiter · ← zurück · Esc beenden</translation>
    </message>
</context>
<context>
    <name>precisionlab::ProgressCharts</name>
    <message>
        <source>Accuracy by day</source>
        <translation>Genauigkeit pro Tag</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Richtig</translation>
    </message>
    <message>
        <source>Accuracy by day chart</source>
        <translation>Diagramm: Genauigkeit pro Tag</translation>
    </message>
    <message>
        <source>Accuracy by exam domain</source>
        <translation>Genauigkeit nach Prüfungsbereich</translation>
    </message>
    <message>
        <source>MMM d</source>
        <comment>QDateTime format of the day axis: short month name and day</comment>
        <translation>d.M.</translation>
    </message>
    <message>
        <source>Accuracy by group chart</source>
        <translation>Diagramm: Genauigkeit nach Teilziel oder Prüfungsbereich</translation>
    </message>
    <message>
        <source>(no sub-objective)</source>
        <translation>(ohne Teilziel)</translation>
    </message>
    <message numerus="yes">
        <source>(%Ln answer(s))</source>
        <comment>chart label: the group&apos;s answers</comment>
        <translation>
            <numerusform>(%Ln Antwort)</numerusform>
            <numerusform>(%Ln Antworten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Accuracy by sub-objective</source>
        <translation>Genauigkeit nach Teilziel</translation>
    </message>
</context>
<context>
    <name>precisionlab::ProgressView</name>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Learner profile</source>
        <translation>Lernprofil</translation>
    </message>
    <message>
        <source>Add profile…</source>
        <translation>Profil hinzufügen…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Export attempts as CSV…</source>
        <translation>Versuche als CSV exportieren…</translation>
    </message>
    <message>
        <source>Every attempt of this profile, one row each, for a spreadsheet</source>
        <translation>Jeder Versuch dieses Profils, eine Zeile pro Versuch, für eine Tabellenkalkulation</translation>
    </message>
    <message>
        <source>Spaced repetition scheduler</source>
        <translation>Planer für verteilte Wiederholung</translation>
    </message>
    <message>
        <source>FSRS-6 (recommended)</source>
        <translation>FSRS-6 (empfohlen)</translation>
    </message>
    <message>
        <source>SM-2 (classic)</source>
        <translation>SM-2 (klassisch)</translation>
    </message>
    <message>
        <source>Which algorithm decides when a question comes back. Both keep a schedule from every answer, so switching loses nothing.</source>
        <translation>Welcher Algorithmus entscheidet, wann eine Frage wiederkommt. Beide führen aus jeder Antwort einen Plan, ein Wechsel verliert also nichts.</translation>
    </message>
    <message>
        <source>Learner:</source>
        <translation>Profil:</translation>
    </message>
    <message>
        <source>Scheduling:</source>
        <translation>Planung:</translation>
    </message>
    <message>
        <source>No attempts yet. Answer a question in the Study tab and it appears here.</source>
        <translation>Noch keine Versuche. Beantworten Sie eine Frage im Tab „Lernen“, dann erscheint sie hier.</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Recent attempts</source>
        <translation>Letzte Versuche</translation>
    </message>
    <message>
        <source>Learner</source>
        <translation>Standardprofil</translation>
    </message>
    <message>
        <source>Could not create a learner profile: %1</source>
        <translation>Lernprofil konnte nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>Scheduler not changed: %1</source>
        <translation>Planer nicht geändert: %1</translation>
    </message>
    <message>
        <source>%1 now schedules reviews with %2.</source>
        <translation>%1 plant Wiederholungen jetzt mit %2.</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>%1 of %2 right</source>
        <translation>%1 von %2 richtig</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Beantwortet</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 Tage</translation>
    </message>
    <message>
        <source>Streak</source>
        <translation>Serie</translation>
    </message>
    <message>
        <source>longest %1</source>
        <translation>längste %1</translation>
    </message>
    <message>
        <source>Average time</source>
        <translation>Durchschnittliche Zeit</translation>
    </message>
    <message>
        <source>Due for review</source>
        <translation>Zur Wiederholung fällig</translation>
    </message>
    <message>
        <source>they come first in practice</source>
        <translation>sie kommen beim Üben zuerst</translation>
    </message>
    <message>
        <source>nothing due now</source>
        <translation>jetzt nichts fällig</translation>
    </message>
    <message>
        <source>SM-2</source>
        <translation>SM-2</translation>
    </message>
    <message>
        <source>FSRS-6</source>
        <translation>FSRS-6</translation>
    </message>
    <message>
        <source>Due this week</source>
        <translation>Diese Woche fällig</translation>
    </message>
    <message>
        <source>next: %1</source>
        <translation>nächste: %1</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>Typical interval</source>
        <translation>Typisches Intervall</translation>
    </message>
    <message>
        <source>median, scheduled by %1</source>
        <translation>Median, Planer: %1</translation>
    </message>
    <message>
        <source>Predicted recall</source>
        <translation>Vorhergesagte Erinnerung</translation>
    </message>
    <message>
        <source>Measured retention</source>
        <translation>Gemessene Behaltensrate</translation>
    </message>
    <message>
        <source>needs answers a day or more apart</source>
        <translation>braucht Antworten mit mind. einem Tag Abstand</translation>
    </message>
    <message>
        <source>✓ right</source>
        <translation>✓ richtig</translation>
    </message>
    <message>
        <source>✗ wrong</source>
        <translation>✗ falsch</translation>
    </message>
    <message>
        <source>Add a learner profile</source>
        <translation>Lernprofil hinzufügen</translation>
    </message>
    <message>
        <source>Name (each profile keeps its own progress):</source>
        <translation>Name (jedes Profil hat seinen eigenen Fortschritt):</translation>
    </message>
    <message>
        <source>Profile not added</source>
        <translation>Profil nicht hinzugefügt</translation>
    </message>
    <message>
        <source>%1

Choose another name and try again.</source>
        <translation>%1

Wählen Sie einen anderen Namen und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot; added.</source>
        <translation>Profil „%1“ hinzugefügt.</translation>
    </message>
    <message>
        <source>Rename profile</source>
        <translation>Profil umbenennen</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Neuer Name:</translation>
    </message>
    <message>
        <source>Profile not renamed</source>
        <translation>Profil nicht umbenannt</translation>
    </message>
    <message>
        <source>Export attempts as CSV</source>
        <translation>Versuche als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>The CSV file was not written: %1</source>
        <translation>Die CSV-Datei wurde nicht geschrieben: %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>

Pick a folder you can write to and try again.</source>
        <translation>

Wählen Sie einen Ordner, in den Sie schreiben dürfen, und versuchen Sie es erneut.</translation>
    </message>
    <message numerus="yes">
        <source>attempt(s) in this bank</source>
        <translation>
            <numerusform>Versuch in dieser Fragensammlung</numerusform>
            <numerusform>Versuche in dieser Fragensammlung</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s)</source>
        <translation>
            <numerusform>%Ln Tag</numerusform>
            <numerusform>%Ln Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln question(s) scheduled</source>
        <translation>
            <numerusform>%Ln Frage geplant</numerusform>
            <numerusform>%Ln Fragen geplant</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n attempt(s) to %1.</source>
        <translation>
            <numerusform>%n Versuch nach %1 exportiert.</numerusform>
            <numerusform>%n Versuche nach %1 exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>exam</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>practice</source>
        <translation>Übung</translation>
    </message>
    <message>
        <source>sure</source>
        <translation>sicher</translation>
    </message>
    <message>
        <source>unsure</source>
        <translation>unsicher</translation>
    </message>
    <message>
        <source>guess</source>
        <translation>geraten</translation>
    </message>
    <message>
        <source>Weakest objective</source>
        <translation>Schwächstes Lernziel</translation>
    </message>
    <message>
        <source>this bank covers one exam-guide objective</source>
        <translation>diese Fragensammlung deckt ein Lernziel des Prüfungsleitfadens ab</translation>
    </message>
    <message numerus="yes">
        <source>right after a gap of a day or more (%Ln answer(s))</source>
        <translation>
            <numerusform>richtig nach einer Pause von einem Tag oder mehr (%Ln Antwort)</numerusform>
            <numerusform>richtig nach einer Pause von einem Tag oder mehr (%Ln Antworten)</numerusform>
        </translation>
    </message>
    <message>
        <source>Hour a new day starts</source>
        <translation>Stunde, zu der ein neuer Tag beginnt</translation>
    </message>
    <message>
        <source>When a new study day starts, as in Anki (4:00 by default): answers before it count to the day before. Due days and the intervals FSRS learns from count these days.</source>
        <translation>Wann ein neuer Lerntag beginnt, wie in Anki (standardmäßig 4:00): Antworten davor zählen zum Vortag. Fälligkeitstage und die Abstände, aus denen FSRS lernt, zählen diese Tage.</translation>
    </message>
    <message>
        <source>Time zone of the study days</source>
        <translation>Zeitzone der Lerntage</translation>
    </message>
    <message>
        <source>This computer&apos;s (%1)</source>
        <translation>Die dieses Computers (%1)</translation>
    </message>
    <message>
        <source>A new day starts at</source>
        <translation>Ein neuer Tag beginnt um</translation>
    </message>
    <message>
        <source>in</source>
        <translation>in</translation>
    </message>
    <message>
        <source>Day start not changed: %1</source>
        <translation>Tagesbeginn nicht geändert: %1</translation>
    </message>
    <message>
        <source>%1&apos;s days now start at %2:00 (%3).</source>
        <translation>Die Tage von %1 beginnen jetzt um %2:00 (%3).</translation>
    </message>
    <message>
        <source>needs 3+ answered questions in two exam-guide objectives</source>
        <translation>braucht 3+ beantwortete Fragen in zwei Lernzielen</translation>
    </message>
    <message>
        <source>%1 predicted on your exam day</source>
        <translation>%1 vorhergesagt für Ihren Prüfungstag</translation>
    </message>
    <message>
        <source>%1 predicted for tomorrow</source>
        <translation>%1 vorhergesagt für morgen</translation>
    </message>
    <message>
        <source>per question, timed only while it is shown, at most %1 each</source>
        <translation>pro Frage, nur gezählt, solange sie angezeigt wird, höchstens %1 je Frage</translation>
    </message>
    <message numerus="yes">
        <source>chance to recall, now, the %Ln question(s) you have answered right (FSRS); it counts your days, so on the day of an answer it reads 100%</source>
        <translation>
            <numerusform>Chance, die %Ln Frage, die Sie richtig beantwortet haben, jetzt zu wissen (FSRS); zählt Ihre Tage, daher am Tag einer Antwort 100 %</numerusform>
            <numerusform>Chance, die %Ln Fragen, die Sie richtig beantwortet haben, jetzt zu wissen (FSRS); zählt Ihre Tage, daher am Tag einer Antwort 100 %</numerusform>
        </translation>
    </message>
    <message>
        <source>needs a question answered right: FSRS&apos;s 100% for one answered wrong is not recall</source>
        <translation>braucht eine richtig beantwortete Frage: Die 100 % von FSRS für eine falsch beantwortete Frage sind kein Wissen</translation>
    </message>
</context>
<context>
    <name>precisionlab::ProvenanceBadge</name>
    <message>
        <source>Provenance</source>
        <translation>Herkunft</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>Where the numbers come from appears once the run has started.</source>
        <translation>Woher die Zahlen stammen, erscheint, sobald der Lauf gestartet ist.</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>dieser Rechner</translation>
    </message>
    <message>
        <source>live on %1</source>
        <translation>live auf %1</translation>
    </message>
    <message>
        <source>emulated on %1</source>
        <translation>emuliert auf %1</translation>
    </message>
    <message>
        <source>recorded on %1</source>
        <translation>aufgezeichnet auf %1</translation>
    </message>
    <message>
        <source>recorded on %1, %2</source>
        <translation>aufgezeichnet auf %1, %2</translation>
    </message>
    <message>
        <source>Measured now on this machine.</source>
        <translation>Jetzt auf diesem Rechner gemessen.</translation>
    </message>
    <message>
        <source>fp16 numerics emulated (values rounded to fp16 and back): the loss is real, but speed and memory say nothing about fp16 hardware.</source>
        <translation>fp16-Numerik emuliert (Werte auf fp16 gerundet und zurück): Der Loss ist echt, aber Tempo und Speicher sagen nichts über fp16-Hardware.</translation>
    </message>
    <message>
        <source>Replayed from a run recorded elsewhere.</source>
        <translation>Abgespielt aus einem anderswo aufgezeichneten Lauf.</translation>
    </message>
    <message>
        <source>
LibTorch %1</source>
        <translation>
LibTorch %1</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>live, this %1</source>
        <translation>live, diese %1</translation>
    </message>
    <message>
        <source>emulated</source>
        <translation>emuliert</translation>
    </message>
    <message>
        <source>recorded, %1</source>
        <translation>Aufnahme, %1</translation>
    </message>
    <message>
        <source>recorded %1, %2</source>
        <translation>Aufnahme %1, %2</translation>
    </message>
    <message>
        <source>did not run</source>
        <translation>nicht gelaufen</translation>
    </message>
    <message>
        <source>It ended before its first step: nothing was measured.</source>
        <translation>Der Lauf endete vor seinem ersten Schritt: Es wurde nichts gemessen.</translation>
    </message>
</context>
<context>
    <name>precisionlab::QuestionPicker</name>
    <message>
        <source>Go to question</source>
        <translation>Gehe zu Frage</translation>
    </message>
    <message>
        <source>Practice starts at the question you choose; the rest of the bank follows. Questions whose options run in the lab say which runs.</source>
        <translation>Die Übung beginnt mit der gewählten Frage; der Rest der Fragensammlung folgt. Fragen, deren Optionen im Labor laufen, nennen diese Läufe.</translation>
    </message>
    <message>
        <source>Filter: words of the question, its topic or number</source>
        <translation>Filter: Wörter der Frage, ihr Thema oder ihre Nummer</translation>
    </message>
    <message>
        <source>Filter questions</source>
        <translation>Fragen filtern</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <source>%1 · %2
%3</source>
        <translation>%1 · %2
%3</translation>
    </message>
    <message>
        <source>runs in the lab: %1</source>
        <translation>läuft im Labor: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s) shown</source>
        <translation>
            <numerusform>%n Frage angezeigt</numerusform>
            <numerusform>%n Fragen angezeigt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>precisionlab::ReadinessPanel</name>
    <message>
        <source>Exam readiness</source>
        <translation>Prüfungsbereitschaft</translation>
    </message>
    <message>
        <source>My exam is on</source>
        <translation>Meine Prüfung ist am</translation>
    </message>
    <message>
        <source>Exam date</source>
        <translation>Prüfungsdatum</translation>
    </message>
    <message>
        <source>Set your exam date to see how ready you are.</source>
        <translation>Legen Sie Ihr Prüfungsdatum fest, um zu sehen, wie gut Sie vorbereitet sind.</translation>
    </message>
    <message>
        <source>The exam date was not saved: %1</source>
        <translation>Das Prüfungsdatum wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Set an exam date in the future to see how ready you are.</source>
        <translation>Legen Sie ein Prüfungsdatum in der Zukunft fest, um zu sehen, wie gut Sie vorbereitet sind.</translation>
    </message>
    <message>
        <source>Sub-objective</source>
        <translation>Teilziel</translation>
    </message>
    <message>
        <source>If you stop studying now</source>
        <translation>Wenn Sie jetzt aufhören zu lernen</translation>
    </message>
    <message>
        <source>If you follow the schedule</source>
        <translation>Wenn Sie dem Plan folgen</translation>
    </message>
    <message>
        <source>%1 of %2 answered</source>
        <translation>%1 von %2 beantwortet</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Weakest:&lt;/b&gt; %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Am schwächsten:&lt;/b&gt; %1.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 likely on the exam day if not reviewed</source>
        <translation>%1 wahrscheinlich am Prüfungstag ohne Wiederholung</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;To review this week&lt;/b&gt; (due within 7 days, least remembered first):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Diese Woche wiederholen&lt;/b&gt; (in 7 Tagen fällig, am wenigsten Erinnertes zuerst):&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Based on %n answer(s) to this bank&apos;s questions</source>
        <translation>
            <numerusform>Beruht auf %n Antwort auf die Fragen dieser Fragensammlung</numerusform>
            <numerusform>Beruht auf %n Antworten auf die Fragen dieser Fragensammlung</numerusform>
        </translation>
    </message>
    <message>
        <source>, with FSRS parameters fitted to your answers.</source>
        <translation>, mit FSRS-Parametern, die an Ihre Antworten angepasst sind.</translation>
    </message>
    <message>
        <source>, with FSRS parameters not fitted to you (the defaults).</source>
        <translation>, mit FSRS-Parametern, die nicht an Sie angepasst sind (die Standardwerte).</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;small&gt;%1 The range covers how uncertain those parameters are, the simulated futures and which questions an exam asks.&lt;/small&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;small&gt;%1 Der Bereich umfasst, wie unsicher diese Parameter sind, die simulierten Verläufe und welche Fragen eine Prüfung stellt.&lt;/small&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Last exam&lt;/b&gt; (%1): %2 of %3 right (%4)</source>
        <translation>&lt;p&gt;&lt;b&gt;Letzte Prüfung&lt;/b&gt; (%1): %2 von %3 richtig (%4)</translation>
    </message>
    <message numerus="yes">
        <source>, %n unanswered counted wrong</source>
        <translation>
            <numerusform>, %n unbeantwortete als falsch gezählt</numerusform>
            <numerusform>, %n unbeantwortete als falsch gezählt</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Last exam&lt;/b&gt; (%1): %2 of the %3 answered right (%4)</source>
        <translation>&lt;p&gt;&lt;b&gt;Letzte Prüfung&lt;/b&gt; (%1): %2 der %3 beantworteten richtig (%4)</translation>
    </message>
    <message>
        <source>; for the %1 answered, readiness predicted %2 right and %3 were, a gap of %4 points</source>
        <translation>; für die %1 beantworteten sagte die Bereitschaft %2 richtig voraus, %3 waren es, eine Abweichung von %4 Punkten</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;Predicted share of this bank&apos;s questions answered right on the exam day (in %n day(s)), with a 90 % range. Questions you have not answered yet count with the chance of a right first answer estimated from yours (%1).&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;Vorhergesagter Anteil richtig beantworteter Fragen dieser Sammlung am Prüfungstag (in %n Tag), mit einem 90-%-Bereich. Noch nie beantwortete Fragen zählen mit der Chance einer richtigen ersten Antwort, geschätzt aus Ihren (%1).&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;Vorhergesagter Anteil richtig beantworteter Fragen dieser Sammlung am Prüfungstag (in %n Tagen), mit einem 90-%-Bereich. Noch nie beantwortete Fragen zählen mit der Chance einer richtigen ersten Antwort, geschätzt aus Ihren (%1).&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; That is little to go on: every figure rests mostly on your right answers so far (%2 of %3, %4; from so few, an estimated %5, 90 % range %6–%7), not on the schedule&apos;s memory model (its weight: %8), and the ranges are as wide as that. They narrow as you answer more and optimize.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; Das ist wenig: Jede Zahl beruht vor allem auf Ihren bisher richtigen Antworten (%2 von %3, %4; aus so wenigen geschätzt %5, 90-%-Bereich %6–%7), nicht auf dem Gedächtnismodell des Plans (sein Gewicht: %8), und die Bereiche sind entsprechend breit. Sie werden enger, je mehr Sie antworten und optimieren.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>precisionlab::RunDataStore</name>
    <message>
        <source>live on %1</source>
        <translation>live auf %1</translation>
    </message>
    <message>
        <source>recorded on %1</source>
        <translation>aufgezeichnet auf %1</translation>
    </message>
</context>
<context>
    <name>precisionlab::RunToggle</name>
    <message>
        <source>Colour of this run on every chart</source>
        <translation>Farbe dieses Laufs in jedem Diagramm</translation>
    </message>
    <message>
        <source>
Tick to start the run, untick to stop it.</source>
        <translation>
Anhaken startet den Lauf, Abhaken stoppt ihn.</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>Status of %1</source>
        <translation>Status von %1</translation>
    </message>
    <message>
        <source>Pause %1</source>
        <translation>%1 pausieren</translation>
    </message>
    <message>
        <source>Verdict of %1</source>
        <translation>Befund zu %1</translation>
    </message>
    <message>
        <source>Computed from the measured runs once this run and the baseline have data.</source>
        <translation>Wird aus den gemessenen Läufen berechnet, sobald dieser Lauf und die Baseline Daten haben.</translation>
    </message>
    <message>
        <source>The verdict is computed from the measured runs once this run and the baseline have data.</source>
        <translation>Der Befund wird aus den gemessenen Läufen berechnet, sobald dieser Lauf und die Baseline Daten haben.</translation>
    </message>
    <message>
        <source>Resume %1</source>
        <translation>%1 fortsetzen</translation>
    </message>
</context>
<context>
    <name>precisionlab::SpeedEvidenceChart</name>
    <message>
        <source>Speed evidence</source>
        <translation>Belege zur Geschwindigkeit</translation>
    </message>
    <message>
        <source>This machine: %1.</source>
        <translation>Dieser Rechner: %1.</translation>
    </message>
    <message>
        <source>The recording&apos;s machine: %1.</source>
        <translation>Rechner der Aufzeichnung: %1.</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>published</source>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>geschätzt</translation>
    </message>
    <message>
        <source>, Trainer</source>
        <translation>, Trainer</translation>
    </message>
    <message>
        <source>%1, here</source>
        <translation>%1, hier</translation>
    </message>
    <message>
        <source>%1, est.</source>
        <translation>%1, geschätzt</translation>
    </message>
    <message>
        <source>&lt;b&gt;Speed against fp32&lt;/b&gt; (1.0x = fp32; longer is faster)</source>
        <translation>&lt;b&gt;Geschwindigkeit gegenüber fp32&lt;/b&gt; (1,0x = fp32; länger ist schneller)</translation>
    </message>
    <message>
        <source>Mixed precision&apos;s speed against fp32: measured here or recorded, published GPU measurements of BERT fine-tuning, and the estimate for BERT base (batch 32, sequence 128) where no measurement is published. Hover over the bars for every source.</source>
        <translation>Geschwindigkeit von Mixed Precision gegenüber fp32: hier gemessen oder aufgezeichnet, veröffentlichte GPU-Messungen der BERT-Feinabstimmung und die Schätzung für BERT base (Batch 32, Sequenz 128), wo keine Messung veröffentlicht ist. Zeigen Sie auf die Balken für jede Quelle.</translation>
    </message>
    <message>
        <source>%1, rec.</source>
        <translation>%1, aufgez.</translation>
    </message>
</context>
<context>
    <name>precisionlab::StudyController</name>
    <message>
        <source>the progress database could not be opened</source>
        <translation>die Fortschrittsdatenbank konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Answers scored but not saved: %1. Reason: %2</source>
        <translation>Antworten bewertet, aber nicht gespeichert: %1. Grund: %2</translation>
    </message>
    <message>
        <source>Exam submitted: %1 of %2 correct</source>
        <translation>Prüfung abgegeben: %1 von %2 richtig</translation>
    </message>
    <message>
        <source>Your answer was scored but not saved: %1</source>
        <translation>Ihre Antwort wurde bewertet, aber nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>no progress database</source>
        <translation>keine Fortschrittsdatenbank</translation>
    </message>
    <message>
        <source>Your answer was not saved: %1</source>
        <translation>Ihre Antwort wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Your answer was not saved: the progress store stopped.</source>
        <translation>Ihre Antwort wurde nicht gespeichert: Der Fortschrittsspeicher wurde beendet.</translation>
    </message>
    <message>
        <source>The exam&apos;s score was not saved: %1</source>
        <translation>Das Ergebnis der Prüfung wurde nicht gespeichert: %1</translation>
    </message>
</context>
<context>
    <name>precisionlab::StudyView</name>
    <message>
        <source>Study</source>
        <translation>Lernen</translation>
    </message>
    <message>
        <source>Answer saved to your progress.</source>
        <translation>Antwort in Ihrem Fortschritt gespeichert.</translation>
    </message>
    <message>
        <source>Practice — feedback after each question</source>
        <translation>Übung — Rückmeldung nach jeder Frage</translation>
    </message>
    <message>
        <source>Exam — timed, feedback at the end</source>
        <translation>Prüfung — mit Zeitlimit, Rückmeldung am Ende</translation>
    </message>
    <message>
        <source>Study mode</source>
        <translation>Lernmodus</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Verbleibende Zeit</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>Neue Sitzung</translation>
    </message>
    <message>
        <source>Start again in the selected mode</source>
        <translation>Im gewählten Modus neu beginnen</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Submit answer (Enter)</source>
        <translation>Antwort abgeben (Enter)</translation>
    </message>
    <message>
        <source>Submit answer</source>
        <translation>Antwort abgeben</translation>
    </message>
    <message>
        <source>⚑ Flag for review (F)</source>
        <translation>⚑ Zur Überprüfung markieren (F)</translation>
    </message>
    <message>
        <source>← Previous</source>
        <translation>← Zurück</translation>
    </message>
    <message>
        <source>Next question (N) →</source>
        <translation>Nächste Frage (N) →</translation>
    </message>
    <message>
        <source>Submit exam</source>
        <translation>Prüfung abgeben</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Start a new session?</source>
        <translation>Neue Sitzung beginnen?</translation>
    </message>
    <message>
        <source>Your exam is not submitted. A new session discards its answers.

Start a new session anyway?</source>
        <translation>Ihre Prüfung ist nicht abgegeben. Eine neue Sitzung verwirft ihre Antworten.

Trotzdem eine neue Sitzung beginnen?</translation>
    </message>
    <message>
        <source>Answers you already submitted are saved; this round starts again from the first question.

Start a new session?</source>
        <translation>Bereits abgegebene Antworten sind gespeichert; diese Runde beginnt wieder bei der ersten Frage.

Neue Sitzung beginnen?</translation>
    </message>
    <message>
        <source>This question takes exactly %1 answers: click a chosen one to deselect it first.</source>
        <translation>Diese Frage verlangt genau %1 Antworten: Klicken Sie zuerst eine gewählte an, um sie abzuwählen.</translation>
    </message>
    <message>
        <source>Choose an option first (keys 1-%1 or A-%2).</source>
        <translation>Wählen Sie zuerst eine Option (Tasten 1–%1 oder A–%2).</translation>
    </message>
    <message>
        <source>Choose %1 options (%2 chosen so far).</source>
        <translation>Wählen Sie %1 Optionen (bisher %2 gewählt).</translation>
    </message>
    <message>
        <source>Last question. Press &quot;Submit exam&quot; when you are done.</source>
        <translation>Letzte Frage. Drücken Sie „Prüfung abgeben“, wenn Sie fertig sind.</translation>
    </message>
    <message>
        <source>Answer this question first, or press Enter to submit.</source>
        <translation>Beantworten Sie zuerst diese Frage oder drücken Sie Enter zum Abgeben.</translation>
    </message>
    <message>
        <source>Flagged for review.</source>
        <translation>Zur Überprüfung markiert.</translation>
    </message>
    <message>
        <source>Flag removed.</source>
        <translation>Markierung entfernt.</translation>
    </message>
    <message>
        <source>Unanswered questions: %1 (they count as wrong). </source>
        <translation>Unbeantwortete Fragen: %1 (sie zählen als falsch). </translation>
    </message>
    <message>
        <source>Flagged for review: %1.</source>
        <translation>Zur Überprüfung markiert: %1.</translation>
    </message>
    <message>
        <source>Submit the exam?</source>
        <translation>Prüfung abgeben?</translation>
    </message>
    <message>
        <source>

Submit now?</source>
        <translation>

Jetzt abgeben?</translation>
    </message>
    <message>
        <source>This question bank is empty.</source>
        <translation>Diese Fragensammlung ist leer.</translation>
    </message>
    <message>
        <source>Loading your questions…</source>
        <translation>Ihre Fragen werden geladen…</translation>
    </message>
    <message>
        <source>  ·  choose %1</source>
        <translation>  ·  %1 wählen</translation>
    </message>
    <message>
        <source>Question %1 of %2</source>
        <translation>Frage %1 von %2</translation>
    </message>
    <message>
        <source>  ·  %1 due for review</source>
        <translation>  ·  %1 zur Wiederholung fällig</translation>
    </message>
    <message>
        <source>  ·  reviewing your exam</source>
        <translation>  ·  Ihre Prüfung wird durchgesehen</translation>
    </message>
    <message>
        <source>⚑ Remove flag (F)</source>
        <translation>⚑ Markierung entfernen (F)</translation>
    </message>
    <message>
        <source>Finish round (N)</source>
        <translation>Runde beenden (N)</translation>
    </message>
    <message>
        <source>Reviewing: numbered buttons, ← Previous, Next (N) or P move between questions</source>
        <translation>Durchsicht: Nummerierte Schaltflächen, ← Zurück, Weiter (N) oder P wechseln zwischen den Fragen</translation>
    </message>
    <message>
        <source>Keys: 1-%1 or A-%2 choose · Enter or N next · F flag · answers can change until you submit the exam</source>
        <translation>Tasten: 1–%1 oder A–%2 wählen · Enter oder N weiter · F markieren · Antworten lassen sich bis zur Abgabe der Prüfung ändern</translation>
    </message>
    <message>
        <source>Keys: 1-%1 or A-%2 choose · Enter submits · N next question</source>
        <translation>Tasten: 1–%1 oder A–%2 wählen · Enter gibt ab · N nächste Frage</translation>
    </message>
    <message>
        <source>✓  The answer is %1.</source>
        <translation>✓  Die Antwort ist %1.</translation>
    </message>
    <message>
        <source>Round complete: %1 of %2 right. Press &quot;New session&quot; for another round; questions you missed come back sooner.</source>
        <translation>Runde beendet: %1 von %2 richtig. Drücken Sie „Neue Sitzung“ für eine weitere Runde; verpasste Fragen kommen früher wieder.</translation>
    </message>
    <message>
        <source> (time ran out)</source>
        <translation> (Zeit abgelaufen)</translation>
    </message>
    <message>
        <source>✓  Correct! The answer is %1. Read why below, or press N for the next question.</source>
        <translation>✓  Richtig! Die Antwort ist %1. Lesen Sie unten, warum, oder drücken Sie N für die nächste Frage.</translation>
    </message>
    <message>
        <source>✗  Not quite. The answer is %1. The breakdown below shows why each option is right or wrong.</source>
        <translation>✗  Nicht ganz. Die Antwort ist %1. Die Analyse unten zeigt, warum jede Option richtig oder falsch ist.</translation>
    </message>
    <message>
        <source>Time left %1</source>
        <translation>Verbleibende Zeit %1</translation>
    </message>
    <message>
        <source>Time is up: the exam was submitted.</source>
        <translation>Die Zeit ist um: Die Prüfung wurde abgegeben.</translation>
    </message>
    <message>
        <source>⚠  %1</source>
        <translation>⚠  %1</translation>
    </message>
    <message>
        <source>Exam result</source>
        <translation>Prüfungsergebnis</translation>
    </message>
    <message>
        <source>✗  This one is incomplete: you chose %1, it needs %2 answers; the answer is %3. An incomplete answer counts as wrong.</source>
        <translation>✗  Diese ist unvollständig: Sie wählten %1, sie verlangt %2 Antworten; richtig ist %3. Eine unvollständige Antwort zählt als falsch.</translation>
    </message>
    <message>
        <source>✗  This one was not answered; the answer is %1.</source>
        <translation>✗  Diese wurde nicht beantwortet; richtig ist %1.</translation>
    </message>
    <message>
        <source>✓  This one: correct.</source>
        <translation>✓  Diese: richtig.</translation>
    </message>
    <message>
        <source>✗  This one: you chose %1, the answer is %2.</source>
        <translation>✗  Diese: Sie wählten %1, richtig ist %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s)</source>
        <translation>
            <numerusform>%n Frage</numerusform>
            <numerusform>%n Fragen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n question(s)</source>
        <translation>
            <numerusform>Alle (%n Frage)</numerusform>
            <numerusform>Alle %n Fragen</numerusform>
        </translation>
    </message>
    <message>
        <source>Exam length</source>
        <translation>Prüfungslänge</translation>
    </message>
    <message>
        <source>How many questions the exam draws from the bank</source>
        <translation>Wie viele Fragen die Prüfung aus der Fragensammlung zieht</translation>
    </message>
    <message numerus="yes">
        <source> (%n unanswered, counted wrong)</source>
        <translation>
            <numerusform> (%n unbeantwortet, als falsch gezählt)</numerusform>
            <numerusform> (%n unbeantwortet, als falsch gezählt)</numerusform>
        </translation>
    </message>
    <message>
        <source>Exam finished%1: %2 of %3 correct%4, %5% in %6. %7 Use the numbered buttons to review each question and its breakdown.</source>
        <translation>Prüfung beendet%1: %2 von %3 richtig%4, %5 % in %6. %7 Mit den nummerierten Schaltflächen sehen Sie jede Frage und ihre Analyse noch einmal durch.</translation>
    </message>
    <message>
        <source>question and breakdown in English</source>
        <translation>Frage und Analyse auf Englisch</translation>
    </message>
    <message>
        <source>question and breakdown in %1</source>
        <translation>Frage und Analyse auf %1</translation>
    </message>
    <message>
        <source>Leave the exam?</source>
        <translation>Prüfung verlassen?</translation>
    </message>
    <message>
        <source>Your exam is not submitted. Going to a question starts a practice session and discards the exam&apos;s answers.

Go to the question anyway?</source>
        <translation>Ihre Prüfung ist nicht abgegeben. Der Sprung zu einer Frage startet eine Übungssitzung und verwirft die Antworten der Prüfung.

Trotzdem zur Frage gehen?</translation>
    </message>
</context>
<context>
    <name>precisionlab::UserGuideWindow</name>
    <message>
        <source>PrecisionLab user guide</source>
        <translation>PrecisionLab-Benutzerhandbuch</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
</context>
<context>
    <name>precisionlab::VertexExportDialog</name>
    <message>
        <source>Export to Vertex AI</source>
        <translation>Nach Vertex AI exportieren</translation>
    </message>
    <message>
        <source>Lab option to export</source>
        <translation>Zu exportierende Laboroption</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>A Hugging Face Hub id (bert-base-uncased) or a gs:// checkpoint folder.</source>
        <translation>Eine Hugging-Face-Hub-ID (bert-base-uncased) oder ein gs://-Checkpoint-Ordner.</translation>
    </message>
    <message>
        <source>Dataset URI</source>
        <translation>Datensatz-URI</translation>
    </message>
    <message>
        <source>A CSV or JSONL file on Cloud Storage (gs://...) with text and label columns.</source>
        <translation>Eine CSV- oder JSONL-Datei auf Cloud Storage (gs://...) mit Text- und Label-Spalten.</translation>
    </message>
    <message>
        <source>Staging bucket</source>
        <translation>Staging-Bucket</translation>
    </message>
    <message>
        <source>gs:// folder where the packaged script and the outputs go.</source>
        <translation>gs://-Ordner, in den das gepackte Skript und die Ausgaben kommen.</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Vertex AI region, e.g. us-central1.</source>
        <translation>Vertex-AI-Region, z. B. us-central1.</translation>
    </message>
    <message>
        <source>default for the option</source>
        <translation>Standard der Option</translation>
    </message>
    <message>
        <source>Machine type</source>
        <translation>Maschinentyp</translation>
    </message>
    <message>
        <source>Default: n1-standard-8 with one NVIDIA_TESLA_T4 (g2-standard-8 with one NVIDIA_L4 for bf16, which needs an Ampere or newer GPU). Set machine type and accelerator together.</source>
        <translation>Standard: n1-standard-8 mit einer NVIDIA_TESLA_T4 (g2-standard-8 mit einer NVIDIA_L4 für bf16, das eine Ampere-GPU oder neuer braucht). Maschinentyp und Beschleuniger zusammen festlegen.</translation>
    </message>
    <message>
        <source>Accelerator type</source>
        <translation>Beschleunigertyp</translation>
    </message>
    <message>
        <source>Accelerator count</source>
        <translation>Anzahl Beschleuniger</translation>
    </message>
    <message>
        <source>Worker machines</source>
        <translation>Worker-Maschinen</translation>
    </message>
    <message>
        <source>Machines training together, data-parallel (DDP). More than 1 writes Vertex AI&apos;s distributed layout: a primary worker pool of one replica and a worker pool of the others.</source>
        <translation>Maschinen, die gemeinsam datenparallel trainieren (DDP). Mehr als 1 schreibt die verteilte Aufteilung von Vertex AI: einen primären Worker-Pool mit einem Replikat und einen Worker-Pool mit den übrigen.</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Ausgabeordner</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Writes the Hugging Face Trainer script and the Vertex AI job spec this option implies (fp16=True for D; for C a tuning job that searches the learning rate and batch size and never changes precision). Nothing is submitted: the commands to run appear below.</source>
        <translation>Schreibt das Hugging-Face-Trainer-Skript und die Vertex-AI-Job-Spezifikation, die diese Option bedeutet (fp16=True für D; für C einen Tuning-Job, der Lernrate und Batchgröße sucht und nie die Präzision ändert). Nichts wird abgeschickt: Die auszuführenden Befehle erscheinen unten.</translation>
    </message>
    <message>
        <source>&amp;Option</source>
        <translation>&amp;Option</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>&amp;Dataset URI</source>
        <translation>&amp;Datensatz-URI</translation>
    </message>
    <message>
        <source>&amp;Staging bucket</source>
        <translation>&amp;Staging-Bucket</translation>
    </message>
    <message>
        <source>&amp;Region</source>
        <translation>&amp;Region</translation>
    </message>
    <message>
        <source>Mac&amp;hine type</source>
        <translation>Masc&amp;hinentyp</translation>
    </message>
    <message>
        <source>&amp;Accelerator</source>
        <translation>&amp;Beschleuniger</translation>
    </message>
    <message>
        <source>Accelerator &amp;count</source>
        <translation>&amp;Anzahl Beschleuniger</translation>
    </message>
    <message>
        <source>&amp;Workers (machines)</source>
        <translation>&amp;Worker (Maschinen)</translation>
    </message>
    <message>
        <source>Output &amp;folder</source>
        <translation>A&amp;usgabeordner</translation>
    </message>
    <message>
        <source>Files written and commands to run</source>
        <translation>Geschriebene Dateien und auszuführende Befehle</translation>
    </message>
    <message>
        <source>The files written and the gcloud commands appear here.</source>
        <translation>Die geschriebenen Dateien und die gcloud-Befehle erscheinen hier.</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Folder for the Vertex AI files</source>
        <translation>Ordner für die Vertex-AI-Dateien</translation>
    </message>
    <message>
        <source>Choose an output folder for the files.</source>
        <translation>Wählen Sie einen Ausgabeordner für die Dateien.</translation>
    </message>
    <message>
        <source>Nothing was exported: %1</source>
        <translation>Nichts wurde exportiert: %1</translation>
    </message>
    <message>
        <source>Wrote to %1:</source>
        <translation>Geschrieben nach %1:</translation>
    </message>
    <message>
        <source>Then run, in that folder:</source>
        <translation>Dann in diesem Ordner ausführen:</translation>
    </message>
    <message>
        <source>README.txt explains each step. Jobs cost money while they run.</source>
        <translation>README.txt erklärt jeden Schritt. Jobs kosten Geld, solange sie laufen.</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::AnkiCollection</name>
    <message>
        <source>the package holds only Anki&apos;s newer compressed collection (collection.anki21b, Anki 2.1.50 and later), which PrecisionLab cannot read: in Anki, export the deck again with &quot;Support older Anki versions&quot; ticked</source>
        <translation>das Paket enthält nur Ankis neuere komprimierte Sammlung (collection.anki21b, Anki 2.1.50 und neuer), die PrecisionLab nicht lesen kann: exportieren Sie das Deck in Anki erneut mit „Support older Anki versions“ (ältere Anki-Versionen unterstützen) angehakt</translation>
    </message>
    <message>
        <source>not an Anki package: no collection.anki21 or collection.anki2 inside</source>
        <translation>kein Anki-Paket: weder collection.anki21 noch collection.anki2 enthalten</translation>
    </message>
    <message>
        <source>%1 is not an SQLite database</source>
        <translation>%1 ist keine SQLite-Datenbank</translation>
    </message>
    <message>
        <source>cannot open an in-memory SQLite database</source>
        <translation>eine SQLite-Datenbank im Speicher lässt sich nicht öffnen</translation>
    </message>
    <message>
        <source>%1: SQLite cannot open it: %2</source>
        <translation>%1: SQLite kann sie nicht öffnen: %2</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <source>not a readable collection</source>
        <translation>keine lesbare Sammlung</translation>
    </message>
    <message>
        <source>%1 is not an Anki collection (no %2 and %3 tables)</source>
        <translation>%1 ist keine Anki-Sammlung (keine Tabellen %2 und %3)</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::AnkiPackageFormat</name>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <source>no collection row (col)</source>
        <translation>keine Zeile der Sammlung (col)</translation>
    </message>
    <message>
        <source>%1: col.models is not a JSON object: %2</source>
        <translation>%1: col.models ist kein JSON-Objekt: %2</translation>
    </message>
    <message>
        <source>%1: col.decks is not a JSON object: %2</source>
        <translation>%1: col.decks ist kein JSON-Objekt: %2</translation>
    </message>
    <message>
        <source>more than %1 notes; split the deck</source>
        <translation>mehr als %1 Notizen; teilen Sie das Deck auf</translation>
    </message>
    <message>
        <source>%1 bytes of fields is over the %2 KiB limit for one note</source>
        <translation>%1 Bytes Felder liegen über der Grenze von %2 KiB für eine Notiz</translation>
    </message>
    <message>
        <source>notetype &quot;%1&quot; has %2 field(s); a question needs a front and a back</source>
        <translation>Notiztyp „%1“ hat %2 Feld(er); eine Frage braucht eine Vorder- und eine Rückseite</translation>
    </message>
    <message>
        <source>reading notes</source>
        <translation>beim Lesen der Notizen</translation>
    </message>
    <message numerus="yes">
        <source>%n cloze note(s) skipped: only two-sided notes become questions.</source>
        <translation>
            <numerusform>%n Lückentext-Notiz übersprungen: nur zweiseitige Notizen werden zu Fragen.</numerusform>
            <numerusform>%n Lückentext-Notizen übersprungen: nur zweiseitige Notizen werden zu Fragen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Media (images, sounds) in the package are not imported.</source>
        <translation>Medien (Bilder, Töne) im Paket werden nicht importiert.</translation>
    </message>
    <message>
        <source>reading the deck took more than %1 million SQLite steps, the limit for one package; stopped</source>
        <translation>das Lesen des Decks brauchte mehr als %1 Millionen SQLite-Schritte, die Grenze für ein Paket; abgebrochen</translation>
    </message>
    <message>
        <source> (its cards table has no index on nid, so each note&apos;s cards are found by reading every card: re-export the deck from Anki, which writes the index)</source>
        <translation> (ihre Kartentabelle hat keinen Index auf nid, daher werden die Karten jeder Notiz durch Lesen aller Karten gefunden: exportieren Sie das Deck erneut aus Anki, das den Index schreibt)</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::AnkiTextFormat</name>
    <message>
        <source>#%1 needs a column number from 1 to 64</source>
        <translation>#%1 braucht eine Spaltennummer von 1 bis 64</translation>
    </message>
    <message>
        <source>a note needs a front and a back field (found %1 field(s); is #separator right?)</source>
        <translation>eine Notiz braucht ein Vorder- und ein Rückseitenfeld (%1 Feld(er) gefunden; stimmt #separator?)</translation>
    </message>
    <message>
        <source>no other note in this deck has a different back to offer as a wrong option</source>
        <translation>keine andere Notiz in diesem Deck hat eine andere Rückseite, die als falsche Option dienen könnte</translation>
    </message>
    <message>
        <source>more than %1 notes; split the file</source>
        <translation>mehr als %1 Notizen; teilen Sie die Datei</translation>
    </message>
    <message>
        <source>none of the next %1 notes in this deck has a different back to offer as a wrong option</source>
        <translation>keine der nächsten %1 Notizen dieses Stapels hat eine andere Rückseite, die sich als falsche Option anbietet</translation>
    </message>
    <message>
        <source>a quote (&quot;) that opens a field here is never closed, so the rest of the file was read as one field; close it, or write a quote inside a field as two (&quot;&quot;)</source>
        <translation>ein Anführungszeichen (&quot;), das hier ein Feld öffnet, wird nie geschlossen, daher wurde der Rest der Datei als ein Feld gelesen; schließen Sie es, oder schreiben Sie ein Anführungszeichen innerhalb eines Feldes doppelt (&quot;&quot;)</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::BankExtras</name>
    <message>
        <source>the precisionlab comment is not a JSON object (%1)</source>
        <translation>der precisionlab-Kommentar ist kein JSON-Objekt (%1)</translation>
    </message>
    <message>
        <source>the precisionlab comment has an unknown version</source>
        <translation>der precisionlab-Kommentar hat eine unbekannte Version</translation>
    </message>
    <message>
        <source>the precisionlab comment describes %1 options, the question has %2</source>
        <translation>der precisionlab-Kommentar beschreibt %1 Optionen, die Frage hat %2</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::BankInterchange</name>
    <message>
        <source>: question &quot;%1&quot;</source>
        <translation>: Frage „%1“</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>Datei existiert nicht</translation>
    </message>
    <message>
        <source>not a regular file (a folder, device or pipe); choose a bank file</source>
        <translation>keine reguläre Datei (ein Ordner, Gerät oder eine Pipe); wählen Sie eine Datei mit einer Fragensammlung</translation>
    </message>
    <message>
        <source>%1 bytes is over the %2 MiB limit for a question bank</source>
        <translation>%1 Bytes liegen über der Grenze von %2 MiB für eine Fragensammlung</translation>
    </message>
    <message>
        <source>cannot read it: %1</source>
        <translation>kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the file grew over the size limit while it was read</source>
        <translation>die Datei ist beim Lesen über die Größengrenze gewachsen</translation>
    </message>
    <message>
        <source>no questions found</source>
        <translation>keine Fragen gefunden</translation>
    </message>
    <message>
        <source>%1 questions is over the limit of %2</source>
        <translation>%1 Fragen liegen über der Grenze von %2</translation>
    </message>
    <message>
        <source>Explanations the file does not give (why learners pick an option, when it would be right, feedback) read &quot;%1&quot;</source>
        <translation>Erklärungen, die die Datei nicht enthält (warum Lernende eine Option wählen, wann sie richtig wäre, Feedback), lauten „%1“</translation>
    </message>
    <message>
        <source>Questions without a category or topic use the bank title.</source>
        <translation>Fragen ohne Kategorie oder Thema verwenden den Titel der Fragensammlung.</translation>
    </message>
    <message>
        <source>Question titles that are not valid ids were renumbered.</source>
        <translation>Fragentitel, die keine gültigen IDs sind, wurden neu nummeriert.</translation>
    </message>
    <message>
        <source>Nothing: this is PrecisionLab&apos;s own format.</source>
        <translation>Nichts: Das ist das eigene Format von PrecisionLab.</translation>
    </message>
    <message>
        <source>Moodle shows the stem, the options, the answer key, each option&apos;s analysis (as its feedback), the explanation (general feedback) and the domain (category). Ids, topic, why learners pick an option, when it would be right, the exam trap, references and lab scenarios travel in a comment that Moodle ignores and PrecisionLab reads back.</source>
        <translation>Moodle zeigt den Fragenstamm, die Optionen, den Lösungsschlüssel, die Analyse jeder Option (als ihr Feedback), die Erklärung (allgemeines Feedback) und den Bereich (Kategorie). IDs, Thema, warum Lernende eine Option wählen, wann sie richtig wäre, die Prüfungsfalle, Quellen und Laborszenarien reisen in einem Kommentar, den Moodle ignoriert und PrecisionLab wieder einliest.</translation>
    </message>
    <message>
        <source>Moodle shows the stem, the options, the answer key (fractions), each option&apos;s analysis (feedback), the explanation (general feedback), the id (question name) and the domain (category). The other fields travel in an XML comment that Moodle ignores and PrecisionLab reads back.</source>
        <translation>Moodle zeigt den Fragenstamm, die Optionen, den Lösungsschlüssel (Bruchteile), die Analyse jeder Option (Feedback), die Erklärung (allgemeines Feedback), die ID (Fragenname) und den Bereich (Kategorie). Die übrigen Felder reisen in einem XML-Kommentar, den Moodle ignoriert und PrecisionLab wieder einliest.</translation>
    </message>
    <message>
        <source>Anki shows one Basic note per question: the stem and lettered options on the front, the answer, the explanation and each option&apos;s analysis on the back; the id is the note&apos;s guid, the domain a subdeck, the topic a tag. Why learners pick an option, when it would be right, the exam trap, references and lab scenarios are not exported.</source>
        <translation>Anki zeigt eine Basic-Notiz pro Frage: den Fragenstamm und die mit Buchstaben versehenen Optionen auf der Vorderseite, die Antwort, die Erklärung und die Analyse jeder Option auf der Rückseite; die ID ist die guid der Notiz, der Bereich ein Unterdeck, das Thema ein Tag. Warum Lernende eine Option wählen, wann sie richtig wäre, die Prüfungsfalle, Quellen und Laborszenarien werden nicht exportiert.</translation>
    </message>
    <message>
        <source>... and %1 more problems</source>
        <translation>... und %1 weitere Probleme</translation>
    </message>
    <message>
        <source>%1 bytes is over the %2 MiB limit for an Anki package</source>
        <translation>%1 Bytes liegen über der Grenze von %2 MiB für ein Anki-Paket</translation>
    </message>
    <message>
        <source>the Anki package could not be built: %1</source>
        <translation>das Anki-Paket konnte nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>An Anki deck package (a double click opens it in Anki): the same notes as the Anki text export, one &quot;PrecisionLab Basic&quot; note per question with the stem and lettered options on the front, the answer, the explanation and each option&apos;s analysis on the back; the id is the note&apos;s guid, the domain a subdeck, the topic a tag. Why learners pick an option, when it would be right, the exam trap, references and lab scenarios are not exported.</source>
        <translation>Ein Anki-Deckpaket (ein Doppelklick öffnet es in Anki): dieselben Notizen wie der Anki-Textexport, eine „PrecisionLab Basic“-Notiz pro Frage mit dem Fragenstamm und den mit Buchstaben versehenen Optionen auf der Vorderseite, der Antwort, der Erklärung und der Analyse jeder Option auf der Rückseite; die ID ist die guid der Notiz, der Bereich ein Unterdeck, das Thema ein Tag. Warum Lernende eine Option wählen, wann sie richtig wäre, die Prüfungsfalle, Quellen und Laborszenarien werden nicht exportiert.</translation>
    </message>
    <message>
        <source>Anki deck package (*.apkg)</source>
        <translation>Anki-Deckpaket (*.apkg)</translation>
    </message>
    <message>
        <source>Anki text export (*.txt *.tsv)</source>
        <translation>Anki-Textexport (*.txt *.tsv)</translation>
    </message>
    <message>
        <source>Anki text deck (*.txt)</source>
        <translation>Anki-Textdeck (*.txt)</translation>
    </message>
    <message>
        <source>PrecisionLab bank (*.json)</source>
        <translation>PrecisionLab-Fragensammlung (*.json)</translation>
    </message>
    <message>
        <source>Question banks (%1)</source>
        <translation>Fragensammlungen (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 files can only be read</source>
        <translation>%1-Dateien können nur gelesen werden</translation>
    </message>
    <message>
        <source>GIFT (*.gift *.txt)</source>
        <translation>GIFT (*.gift *.txt)</translation>
    </message>
    <message>
        <source>GIFT for Moodle (*.gift)</source>
        <translation>GIFT für Moodle (*.gift)</translation>
    </message>
    <message>
        <source>Moodle XML (*.xml)</source>
        <translation>Moodle XML (*.xml)</translation>
    </message>
    <message>
        <source>not UTF-8 text: the byte \x%1 at offset %2 is not valid UTF-8; save the file as UTF-8 and try again</source>
        <translation>kein UTF-8-Text: das Byte \x%1 an Position %2 ist kein gültiges UTF-8; speichern Sie die Datei als UTF-8 und versuchen Sie es erneut</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::GiftFormat</name>
    <message>
        <source>the title has no closing ::</source>
        <translation>dem Titel fehlt das schließende ::</translation>
    </message>
    <message>
        <source>a description without an answer block { } is not a question</source>
        <translation>eine Beschreibung ohne Antwortblock { } ist keine Frage</translation>
    </message>
    <message>
        <source>the answer block { has no closing }</source>
        <translation>dem Antwortblock { fehlt die schließende }</translation>
    </message>
    <message>
        <source>an essay question (empty answer block) has no options to choose from</source>
        <translation>eine Freitextfrage (leerer Antwortblock) hat keine Optionen zur Auswahl</translation>
    </message>
    <message>
        <source>numerical questions are not supported (only multiple choice and true/false)</source>
        <translation>numerische Fragen werden nicht unterstützt (nur Multiple Choice und Wahr/Falsch)</translation>
    </message>
    <message>
        <source>expected an answer starting with = or ~ near &quot;%1&quot;</source>
        <translation>Antwort beginnend mit = oder ~ erwartet bei „%1“</translation>
    </message>
    <message>
        <source>matching questions are not supported (only multiple choice and true/false)</source>
        <translation>Zuordnungsfragen werden nicht unterstützt (nur Multiple Choice und Wahr/Falsch)</translation>
    </message>
    <message>
        <source>a short-answer question (only = answers) has no wrong options to choose from</source>
        <translation>eine Kurzantwortfrage (nur =-Antworten) hat keine falschen Optionen zur Auswahl</translation>
    </message>
    <message>
        <source>more than %1 questions; split the file</source>
        <translation>mehr als %1 Fragen; teilen Sie die Datei</translation>
    </message>
    <message>
        <source>a weight %...% must be a number from -100 to 100</source>
        <translation>ein Gewicht %...% muss eine Zahl von -100 bis 100 sein</translation>
    </message>
    <message>
        <source>%1 answers is more than the %2 a question may have</source>
        <translation>%1 Antworten sind mehr als die %2, die eine Frage haben darf</translation>
    </message>
    <message>
        <source>the answer block { opened on line %1 has no closing } before the next { on line %2</source>
        <translation>der in Zeile %1 geöffnete Antwortblock { hat vor dem nächsten { in Zeile %2 keine schließende }</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::MoodleXmlFormat</name>
    <message>
        <source>not Moodle XML: the root element must be &lt;quiz&gt;</source>
        <translation>kein Moodle XML: Das Wurzelelement muss &lt;quiz&gt; sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; questions are not supported (only multichoice and truefalse)</source>
        <translation>„%1“-Fragen werden nicht unterstützt (nur multichoice und truefalse)</translation>
    </message>
    <message>
        <source>XML error at column %1: %2</source>
        <translation>XML-Fehler in Spalte %1: %2</translation>
    </message>
    <message>
        <source>elements nested deeper than %1 levels</source>
        <translation>Elemente tiefer als %1 Ebenen verschachtelt</translation>
    </message>
    <message>
        <source>a &lt;!DOCTYPE&gt; declaration (DTD, entity declarations) is not allowed in Moodle XML; remove it</source>
        <translation>eine &lt;!DOCTYPE&gt;-Deklaration (DTD, Entity-Deklarationen) ist in Moodle XML nicht erlaubt; entfernen Sie sie</translation>
    </message>
    <message>
        <source>more than %1 questions; split the file</source>
        <translation>mehr als %1 Fragen; teilen Sie die Datei</translation>
    </message>
    <message>
        <source>%1 answers is more than the %2 a question may have</source>
        <translation>%1 Antworten sind mehr als die %2, die eine Frage haben darf</translation>
    </message>
    <message>
        <source> (the byte \x%1, a control character XML does not allow)</source>
        <translation> (das Byte \x%1, ein Steuerzeichen, das XML nicht erlaubt)</translation>
    </message>
    <message>
        <source>not UTF-8 text: the byte \x%1 at offset %2 is not valid UTF-8; save the file as UTF-8, or name its encoding in the XML declaration (&lt;?xml version=&quot;1.0&quot; encoding=&quot;ISO-8859-1&quot;?&gt;)</source>
        <translation>kein UTF-8-Text: das Byte \x%1 an Position %2 ist kein gültiges UTF-8; speichern Sie die Datei als UTF-8 oder nennen Sie ihre Kodierung in der XML-Deklaration (&lt;?xml version=&quot;1.0&quot; encoding=&quot;ISO-8859-1&quot;?&gt;)</translation>
    </message>
</context>
<context>
    <name>precisionlab::quiz::ZipReader</name>
    <message>
        <source>not a zip archive (%1 bytes)</source>
        <translation>kein Zip-Archiv (%1 Bytes)</translation>
    </message>
    <message>
        <source>%1 bytes is over the %2 MiB limit for an archive</source>
        <translation>%1 Bytes liegen über der Grenze von %2 MiB für ein Archiv</translation>
    </message>
    <message>
        <source>cannot read the archive</source>
        <translation>das Archiv ist nicht lesbar</translation>
    </message>
    <message>
        <source>not a zip archive (no end of central directory)</source>
        <translation>kein Zip-Archiv (kein Ende des zentralen Verzeichnisses)</translation>
    </message>
    <message>
        <source>a zip64 archive; only archives under 4 GiB without zip64 records are read</source>
        <translation>ein Zip64-Archiv; gelesen werden nur Archive unter 4 GiB ohne Zip64-Einträge</translation>
    </message>
    <message>
        <source>a multi-part (spanned) archive is not supported</source>
        <translation>ein mehrteiliges Archiv wird nicht unterstützt</translation>
    </message>
    <message>
        <source>more than %1 entries</source>
        <translation>mehr als %1 Einträge</translation>
    </message>
    <message>
        <source>a central directory of %1 bytes is over the %2 MiB limit</source>
        <translation>ein zentrales Verzeichnis von %1 Bytes liegt über der Grenze von %2 MiB</translation>
    </message>
    <message>
        <source>the central directory lies outside the archive (truncated or damaged)</source>
        <translation>das zentrale Verzeichnis liegt außerhalb des Archivs (abgeschnitten oder beschädigt)</translation>
    </message>
    <message>
        <source>cannot read the central directory</source>
        <translation>das zentrale Verzeichnis ist nicht lesbar</translation>
    </message>
    <message>
        <source>entry %1 of the central directory is damaged</source>
        <translation>Eintrag %1 des zentralen Verzeichnisses ist beschädigt</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; uses zip64 sizes; not supported</source>
        <translation>Eintrag „%1“ verwendet Zip64-Größen; nicht unterstützt</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; has an unsafe name (absolute, a drive, a backslash or &quot;..&quot;)</source>
        <translation>Eintrag „%1“ hat einen unsicheren Namen (absolut, ein Laufwerk, ein Backslash oder „..“)</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; appears twice</source>
        <translation>Eintrag „%1“ kommt zweimal vor</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; is encrypted</source>
        <translation>Eintrag „%1“ ist verschlüsselt</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot; lies outside the archive&apos;s data</source>
        <translation>Eintrag „%1“ liegt außerhalb der Daten des Archivs</translation>
    </message>
    <message>
        <source>entry &quot;%1&quot;: %2</source>
        <translation>Eintrag „%1“: %2</translation>
    </message>
    <message>
        <source>%1 bytes unpacked is over the %2 MiB limit</source>
        <translation>%1 Bytes entpackt liegen über der Grenze von %2 MiB</translation>
    </message>
    <message>
        <source>compression method %1 is not supported (stored and deflate are)</source>
        <translation>Kompressionsverfahren %1 wird nicht unterstützt (nur „stored“ und „deflate“)</translation>
    </message>
    <message>
        <source>cannot read it</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>damaged local header</source>
        <translation>beschädigter lokaler Header</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <source>stored sizes disagree</source>
        <translation>die gespeicherten Größen widersprechen sich</translation>
    </message>
    <message>
        <source>zlib failed</source>
        <translation>zlib ist gescheitert</translation>
    </message>
    <message>
        <source>inflates to more than its declared %1 bytes</source>
        <translation>entpackt mehr als die angegebenen %1 Bytes</translation>
    </message>
    <message>
        <source>damaged compressed data (%1 of %2 bytes)</source>
        <translation>beschädigte komprimierte Daten (%1 von %2 Bytes)</translation>
    </message>
    <message>
        <source>CRC-32 mismatch (damaged)</source>
        <translation>CRC-32 stimmt nicht (beschädigt)</translation>
    </message>
</context>
</TS>
