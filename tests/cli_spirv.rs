//! `refract ir --to spirv|spvasm` and the SPIR-V flags: words out, text out, the flags'
//! validation and exit codes.

mod common;

use common::cli::refract;
use common::spirv_tools;

const SHADER: &str =
    "@out: ptr<storage, array<u32, stride=4>, read_write> = var @group(0) @binding(0)

func @main(%id: vec3<u32> @builtin(global_invocation_id)) @compute @workgroup_size(8, 1, 1) {
^entry:
  %x: u32 = extract %id, 0u
  %p: ptr<storage, u32, read_write> = access @out, %x
  %q: u32 = div 100u, %x
  store %p, %q
  return
}
";

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn spirv_cli() {
    let mut passed = 0;
    // Words on stdout (a pipe), valid for Vulkan 1.1.
    let (code, out, err) = refract(&["ir", "-", "--to", "spirv"], SHADER.as_bytes());
    assert_eq!(code, 0, "{err}");
    let w = words(&out);
    assert_eq!(w[0], 0x0723_0203, "magic");
    assert_eq!(w[1], 0x0001_0300, "SPIR-V 1.3 by default");
    spirv_tools::validate(&w, "vulkan1.1").expect("spirv-val accepts the words");
    passed += 1;

    // The target environment picks the version; the text form re-assembles.
    let (code, out, err) = refract(
        &["ir", "-", "--to", "spvasm", "--target-env", "vulkan1.3"],
        SHADER.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8(out).expect("utf-8");
    assert!(text.contains("; Version: 1.6"), "{text}");
    let again = spirv_tools::assemble(&text, "1.6").expect("spirv-as accepts the text");
    spirv_tools::validate(&again, "vulkan1.3").expect("valid for Vulkan 1.3");
    passed += 1;

    // Debug info: names and lines.
    let (code, out, err) = refract(&["ir", "-", "--to", "spvasm", "-g"], SHADER.as_bytes());
    assert_eq!(code, 0, "{err}");
    let text = String::from_utf8(out).expect("utf-8");
    assert!(
        text.contains("OpName") && text.contains("\"main\""),
        "{text}"
    );
    assert!(
        text.contains("OpLine") && text.contains("OpString \"<stdin>\""),
        "{text}"
    );
    passed += 1;

    // `--robust-image-access`: the device checks texel addresses, so the store's guard
    // (the texture's size, a comparison and an `if`) and the load's clamps are left out.
    let texels = "@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  textureStore(dst, id.xy, textureLoad(src, id.xy, 0));
}
";
    let spvasm = |extra: &[&str]| {
        let mut args = vec!["compile", "-", "--to", "spvasm"];
        args.extend_from_slice(extra);
        let (code, out, err) = refract(&args, texels.as_bytes());
        assert_eq!(code, 0, "{err}");
        let text = String::from_utf8(out).expect("utf-8");
        let w = spirv_tools::assemble(&text, "1.3").expect("spirv-as accepts the text");
        spirv_tools::validate(&w, "vulkan1.1").expect("spirv-val accepts it");
        text
    };
    let (checked, robust) = (spvasm(&[]), spvasm(&["--robust-image-access"]));
    assert!(
        checked.contains("OpImageQuerySize") && checked.contains("OpSelectionMerge"),
        "{checked}"
    );
    assert!(
        !robust.contains("OpImageQuerySize")
            && !robust.contains("OpSelectionMerge")
            && robust.contains("OpImageWrite")
            && robust.contains("OpImageFetch"),
        "{robust}"
    );
    passed += 1;

    // Bad and inconsistent flags are diagnostics (exit 1), not panics.
    for args in [
        &["ir", "-", "--to", "spirv", "--spirv-version", "2.0"][..],
        &["ir", "-", "--to", "spirv", "--target-env", "opengl"][..],
        &[
            "ir",
            "-",
            "--to",
            "spirv",
            "--target-env",
            "vulkan1.1",
            "--spirv-version",
            "1.6",
        ][..],
    ] {
        let (code, _, err) = refract(args, SHADER.as_bytes());
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("E4501"), "{args:?}: {err}");
        passed += 1;
    }
    println!("spirv cli: {passed} passed, 0 failed");
}
