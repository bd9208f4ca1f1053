//! Enumerants that instructions carry as `u32` constant operands: address spaces, access
//! modes, texel formats, texture dimensions, builtin values, interpolation.
//!
//! The IR has no operand kind other than "instruction", so an enumerant is a `u32`
//! constant whose meaning comes from the operand's position (operand 0 of `ptr` is an
//! address space). The text format prints and parses them by their WGSL names.

macro_rules! enumerant {
    ($(#[$meta:meta])* $name:ident { $( $variant:ident = $text:literal ),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u32)]
        pub enum $name { $( $variant, )* }

        impl $name {
            pub const ALL: &'static [$name] = &[ $( $name::$variant, )* ];

            /// The WGSL spelling.
            pub fn name(self) -> &'static str {
                match self { $( $name::$variant => $text, )* }
            }

            pub fn from_name(s: &str) -> Option<$name> {
                match s { $( $text => Some($name::$variant), )* _ => None }
            }

            pub fn from_u32(x: u32) -> Option<$name> {
                Self::ALL.get(x as usize).copied()
            }
        }
    };
}

enumerant! {
    /// Where a pointer points. `handle` holds textures and samplers; `immediate` is
    /// WGSL's immediate data (push constants), read-only and without a binding.
    AddressSpace {
        Function = "function",
        Private = "private",
        Workgroup = "workgroup",
        Uniform = "uniform",
        Storage = "storage",
        Handle = "handle",
        Immediate = "immediate",
    }
}

enumerant! {
    AccessMode {
        Read = "read",
        Write = "write",
        ReadWrite = "read_write",
    }
}

enumerant! {
    /// Texture dimensionality, including arrayedness.
    TextureDim {
        D1 = "1d",
        D2 = "2d",
        D2Array = "2d_array",
        D3 = "3d",
        Cube = "cube",
        CubeArray = "cube_array",
    }
}

enumerant! {
    /// Storage texel formats, in the order of the WGSL spec's table.
    TexelFormat {
        Rgba8unorm = "rgba8unorm",
        Rgba8snorm = "rgba8snorm",
        Rgba8uint = "rgba8uint",
        Rgba8sint = "rgba8sint",
        Rgba16unorm = "rgba16unorm",
        Rgba16snorm = "rgba16snorm",
        Rgba16uint = "rgba16uint",
        Rgba16sint = "rgba16sint",
        Rgba16float = "rgba16float",
        Rg8unorm = "rg8unorm",
        Rg8snorm = "rg8snorm",
        Rg8uint = "rg8uint",
        Rg8sint = "rg8sint",
        Rg16unorm = "rg16unorm",
        Rg16snorm = "rg16snorm",
        Rg16uint = "rg16uint",
        Rg16sint = "rg16sint",
        Rg16float = "rg16float",
        R32uint = "r32uint",
        R32sint = "r32sint",
        R32float = "r32float",
        Rg32uint = "rg32uint",
        Rg32sint = "rg32sint",
        Rg32float = "rg32float",
        Rgba32uint = "rgba32uint",
        Rgba32sint = "rgba32sint",
        Rgba32float = "rgba32float",
        Bgra8unorm = "bgra8unorm",
        R8unorm = "r8unorm",
        R8snorm = "r8snorm",
        R8uint = "r8uint",
        R8sint = "r8sint",
        R16unorm = "r16unorm",
        R16snorm = "r16snorm",
        R16uint = "r16uint",
        R16sint = "r16sint",
        R16float = "r16float",
        Rgb10a2unorm = "rgb10a2unorm",
        Rgb10a2uint = "rgb10a2uint",
        Rg11b10ufloat = "rg11b10ufloat",
    }
}

/// The channel type a storage texel format reads as: 0 float, 1 signed, 2 unsigned.
impl TexelFormat {
    pub fn channel_kind(self) -> u8 {
        let n = self.name();
        if n.ends_with("sint") {
            1
        } else if n.ends_with("uint") {
            2
        } else {
            0
        }
    }
}

enumerant! {
    /// `@builtin(…)` values.
    BuiltinValue {
        VertexIndex = "vertex_index",
        InstanceIndex = "instance_index",
        ClipDistances = "clip_distances",
        Position = "position",
        FrontFacing = "front_facing",
        FragDepth = "frag_depth",
        PrimitiveIndex = "primitive_index",
        SampleIndex = "sample_index",
        SampleMask = "sample_mask",
        LocalInvocationId = "local_invocation_id",
        LocalInvocationIndex = "local_invocation_index",
        GlobalInvocationId = "global_invocation_id",
        GlobalInvocationIndex = "global_invocation_index",
        WorkgroupId = "workgroup_id",
        WorkgroupIndex = "workgroup_index",
        NumWorkgroups = "num_workgroups",
        SubgroupInvocationId = "subgroup_invocation_id",
        SubgroupSize = "subgroup_size",
        SubgroupId = "subgroup_id",
        NumSubgroups = "num_subgroups",
    }
}

enumerant! {
    /// The optional second argument of `@builtin(frag_depth, …)`.
    DepthMode {
        Less = "less",
        Greater = "greater",
    }
}

enumerant! {
    InterpolationType {
        Perspective = "perspective",
        Linear = "linear",
        Flat = "flat",
    }
}

enumerant! {
    InterpolationSampling {
        Center = "center",
        Centroid = "centroid",
        Sample = "sample",
        First = "first",
        Either = "either",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &f in TexelFormat::ALL {
            assert_eq!(TexelFormat::from_name(f.name()), Some(f));
            assert_eq!(TexelFormat::from_u32(f as u32), Some(f));
        }
        assert_eq!(TexelFormat::ALL.len(), 40);
        assert_eq!(BuiltinValue::ALL.len(), 20);
    }
}
