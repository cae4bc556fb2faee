"""Checks a Vertex AI spec written by PrecisionLab's export the way gcloud would read it.

Usage: python3 vertex_yaml_check.py FILE job|hp   (prints "ok", or what is wrong and exits 1)
Used by tst_vertexexport.
"""
import sys, yaml
path, kind = sys.argv[1], sys.argv[2]
with open(path) as f:
    doc = yaml.safe_load(f)
def need(cond, what):
    if not cond:
        print("missing or wrong:", what); sys.exit(1)
def check_job(job, where):
    pools = job.get("workerPoolSpecs")
    need(isinstance(pools, list) and pools, where + ".workerPoolSpecs")
    pool = pools[0]
    ms = pool.get("machineSpec", {})
    need(isinstance(ms.get("machineType"), str) and ms["machineType"], where + " machineType")
    need(isinstance(ms.get("acceleratorType"), str) and ms["acceleratorType"].startswith("NVIDIA_"), where + " acceleratorType")
    need(isinstance(ms.get("acceleratorCount"), int) and ms["acceleratorCount"] >= 1, where + " acceleratorCount")
    need(pool.get("replicaCount") == 1, where + " replicaCount")
    spec = pool.get("containerSpec") or pool.get("pythonPackageSpec")
    need(spec is not None, where + " containerSpec or pythonPackageSpec")
    image = spec.get("imageUri") or spec.get("executorImageUri")
    need(isinstance(image, str) and "pytorch-gpu" in image, where + " image URI")
    if "pythonPackageSpec" in pool:
        need(spec["packageUris"][0].startswith("gs://"), where + " packageUris")
        need(spec["pythonModule"] == "train", where + " pythonModule")
    need(all(isinstance(a, str) for a in spec.get("args", [])), where + " args are strings")
if kind == "job":
    check_job(doc, "job")
else:
    study = doc.get("studySpec", {})
    metrics = study.get("metrics")
    need(isinstance(metrics, list) and metrics and metrics[0]["metricId"] and metrics[0]["goal"] in ("MAXIMIZE", "MINIMIZE"), "studySpec.metrics")
    params = study.get("parameters")
    need(isinstance(params, list) and params, "studySpec.parameters")
    ids = [p["parameterId"] for p in params]
    need("learning_rate" in ids, "learning_rate parameter")
    lr = params[ids.index("learning_rate")]
    need(isinstance(lr["doubleValueSpec"]["minValue"], float) and lr["doubleValueSpec"]["minValue"] < lr["doubleValueSpec"]["maxValue"], "learning_rate range")
    need(lr.get("scaleType") == "UNIT_LOG_SCALE", "learning_rate scaleType")
    for name in ids:
        need(not any(w in name.lower() for w in ("fp16", "bf16", "precision", "half")), "no precision parameter (" + name + ")")
    need(isinstance(doc.get("maxTrialCount"), int), "maxTrialCount")
    check_job(doc.get("trialJobSpec", {}), "trialJobSpec")
    args = doc["trialJobSpec"]["workerPoolSpecs"][0]["pythonPackageSpec"]["args"]
    need(not any(a.startswith("--learning_rate") for a in args), "trial args leave learning_rate to the tuner")
print("ok")
