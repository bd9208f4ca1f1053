//! Runs one SPIR-V compute shader on a Vulkan driver through `ash`, and reads back every
//! buffer.
//!
//! The harness only ever targets a CPU driver (Mesa's lavapipe, "llvmpipe"), so this file
//! is plain and unhurried: host-visible coherent memory for every buffer, one descriptor set
//! per `@group`, one dispatch, one fence. The [`Context`] (instance, device, queue, command
//! pool) lives for the whole run; each [`Job`] creates and destroys its own buffers and
//! pipeline so nothing leaks from one shader into the next.
//!
//! The device enables every feature the driver offers (core, 1.1, 1.2 and 1.3 structs),
//! among them `robustBufferAccess`, `shaderFloat16`, 16-bit storage and `shaderInt64`,
//! which is what wgpu asks for on lavapipe when the matching WebGPU features are on.
//!
//! This code runs inside the worker process (`worker.rs`): a driver crash or a hang takes
//! down the worker, never the harness.

use ash::vk;
use std::ffi::CString;

/// One buffer of a job: where it binds, what kind it is, its initial bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobBuffer {
    pub group: u32,
    pub binding: u32,
    pub uniform: bool,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub entry: String,
    pub dispatch: [u32; 3],
    pub spirv: Vec<u32>,
    pub buffers: Vec<JobBuffer>,
}

pub struct Context {
    _entry: ash::Entry,
    instance: ash::Instance,
    device: ash::Device,
    queue: vk::Queue,
    command_pool: vk::CommandPool,
    memory_type: u32,
    pub device_name: String,
}

/// How long one dispatch may take before the job counts as hung.
const FENCE_TIMEOUT_NS: u64 = 30_000_000_000;

impl Context {
    pub fn new() -> Result<Context, String> {
        // SAFETY: loading the system's Vulkan loader; every handle made below is destroyed
        // in `Drop` in reverse order, and each Vulkan call gets valid, live handles.
        unsafe {
            let entry = ash::Entry::load().map_err(|e| {
                format!("cannot load libvulkan (install libvulkan1 and mesa-vulkan-drivers): {e}")
            })?;
            let app = vk::ApplicationInfo::default()
                .application_name(c"refract-diffexec")
                .api_version(vk::API_VERSION_1_1);
            let instance = entry
                .create_instance(
                    &vk::InstanceCreateInfo::default().application_info(&app),
                    None,
                )
                .map_err(|e| format!("vkCreateInstance: {e}"))?;
            match Self::with_instance(entry.clone(), instance.clone()) {
                Ok(ctx) => Ok(ctx),
                Err(e) => {
                    instance.destroy_instance(None);
                    Err(e)
                }
            }
        }
    }

    unsafe fn with_instance(entry: ash::Entry, instance: ash::Instance) -> Result<Context, String> {
        unsafe {
            let devices = instance
                .enumerate_physical_devices()
                .map_err(|e| format!("vkEnumeratePhysicalDevices: {e}"))?;
            // Prefer the CPU driver: results must not depend on which GPU a machine has.
            let physical = devices
                .iter()
                .copied()
                .find(|&d| {
                    instance.get_physical_device_properties(d).device_type
                        == vk::PhysicalDeviceType::CPU
                })
                .or_else(|| devices.first().copied())
                .ok_or("no Vulkan device (install mesa-vulkan-drivers for lavapipe)")?;
            let props = instance.get_physical_device_properties(physical);
            let device_name = props
                .device_name_as_c_str()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let family = instance
                .get_physical_device_queue_family_properties(physical)
                .iter()
                .position(|q| q.queue_flags.contains(vk::QueueFlags::COMPUTE))
                .ok_or("no compute queue")? as u32;

            let mut f11 = vk::PhysicalDeviceVulkan11Features::default();
            let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
            let mut f13 = vk::PhysicalDeviceVulkan13Features::default();
            let has_13 = props.api_version >= vk::API_VERSION_1_3;
            let has_12 = props.api_version >= vk::API_VERSION_1_2;
            let mut features = vk::PhysicalDeviceFeatures2::default();
            if has_12 {
                features = features.push_next(&mut f11).push_next(&mut f12);
            }
            if has_13 {
                features = features.push_next(&mut f13);
            }
            instance.get_physical_device_features2(physical, &mut features);
            let priorities = [1.0f32];
            let queue_info = [vk::DeviceQueueCreateInfo::default()
                .queue_family_index(family)
                .queue_priorities(&priorities)];
            let device_info = vk::DeviceCreateInfo::default()
                .queue_create_infos(&queue_info)
                .push_next(&mut features);
            let device = instance
                .create_device(physical, &device_info, None)
                .map_err(|e| format!("vkCreateDevice: {e}"))?;
            let queue = device.get_device_queue(family, 0);
            let command_pool = match device.create_command_pool(
                &vk::CommandPoolCreateInfo::default()
                    .queue_family_index(family)
                    .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                None,
            ) {
                Ok(p) => p,
                Err(e) => {
                    device.destroy_device(None);
                    return Err(format!("vkCreateCommandPool: {e}"));
                }
            };
            let memory = instance.get_physical_device_memory_properties(physical);
            let wanted =
                vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT;
            let memory_type = (0..memory.memory_type_count)
                .find(|&i| {
                    memory.memory_types[i as usize]
                        .property_flags
                        .contains(wanted)
                })
                .ok_or("no host-visible coherent memory")?;
            Ok(Context {
                _entry: entry,
                instance,
                device,
                queue,
                command_pool,
                memory_type,
                device_name,
            })
        }
    }

    /// Runs `job` and returns the final bytes of every buffer, in the job's order.
    pub fn run(&self, job: &Job) -> Result<Vec<Vec<u8>>, String> {
        let mut res = Resources::default();
        let out = self.run_with(job, &mut res);
        // SAFETY: the queue is idle here (run_with waited on its fence or failed before
        // submitting), so every resource is unused and can be destroyed.
        unsafe { res.destroy(&self.device, self.command_pool) };
        out
    }

    fn run_with(&self, job: &Job, res: &mut Resources) -> Result<Vec<Vec<u8>>, String> {
        let d = &self.device;
        // SAFETY: every handle passed below was created from `d` in this function and is
        // recorded in `res` for destruction; buffers are mapped within their size.
        unsafe {
            for b in &job.buffers {
                let size = b.data.len().max(16) as u64;
                let usage = if b.uniform {
                    vk::BufferUsageFlags::UNIFORM_BUFFER
                } else {
                    vk::BufferUsageFlags::STORAGE_BUFFER
                };
                let buffer = d
                    .create_buffer(
                        &vk::BufferCreateInfo::default().size(size).usage(usage),
                        None,
                    )
                    .map_err(|e| format!("vkCreateBuffer: {e}"))?;
                res.buffers.push(buffer);
                let req = d.get_buffer_memory_requirements(buffer);
                let memory = d
                    .allocate_memory(
                        &vk::MemoryAllocateInfo::default()
                            .allocation_size(req.size)
                            .memory_type_index(self.memory_type),
                        None,
                    )
                    .map_err(|e| format!("vkAllocateMemory: {e}"))?;
                res.memories.push(memory);
                d.bind_buffer_memory(buffer, memory, 0)
                    .map_err(|e| format!("vkBindBufferMemory: {e}"))?;
                let ptr = d
                    .map_memory(memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
                    .map_err(|e| format!("vkMapMemory: {e}"))? as *mut u8;
                std::ptr::write_bytes(ptr, 0, size as usize);
                std::ptr::copy_nonoverlapping(b.data.as_ptr(), ptr, b.data.len());
                res.mapped.push(ptr);
            }

            let groups = job.buffers.iter().map(|b| b.group + 1).max().unwrap_or(0);
            for g in 0..groups {
                let bindings: Vec<_> = job
                    .buffers
                    .iter()
                    .filter(|b| b.group == g)
                    .map(|b| {
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(b.binding)
                            .descriptor_type(descriptor_type(b))
                            .descriptor_count(1)
                            .stage_flags(vk::ShaderStageFlags::COMPUTE)
                    })
                    .collect();
                let layout = d
                    .create_descriptor_set_layout(
                        &vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings),
                        None,
                    )
                    .map_err(|e| format!("vkCreateDescriptorSetLayout: {e}"))?;
                res.set_layouts.push(layout);
            }
            res.pipeline_layout = d
                .create_pipeline_layout(
                    &vk::PipelineLayoutCreateInfo::default().set_layouts(&res.set_layouts),
                    None,
                )
                .map_err(|e| format!("vkCreatePipelineLayout: {e}"))?;

            let count = |uniform: bool| job.buffers.iter().filter(|b| b.uniform == uniform).count();
            let pool_sizes = [
                vk::DescriptorPoolSize {
                    ty: vk::DescriptorType::STORAGE_BUFFER,
                    descriptor_count: count(false).max(1) as u32,
                },
                vk::DescriptorPoolSize {
                    ty: vk::DescriptorType::UNIFORM_BUFFER,
                    descriptor_count: count(true).max(1) as u32,
                },
            ];
            res.pool = d
                .create_descriptor_pool(
                    &vk::DescriptorPoolCreateInfo::default()
                        .max_sets(groups.max(1))
                        .pool_sizes(&pool_sizes),
                    None,
                )
                .map_err(|e| format!("vkCreateDescriptorPool: {e}"))?;
            let sets = if groups > 0 {
                d.allocate_descriptor_sets(
                    &vk::DescriptorSetAllocateInfo::default()
                        .descriptor_pool(res.pool)
                        .set_layouts(&res.set_layouts),
                )
                .map_err(|e| format!("vkAllocateDescriptorSets: {e}"))?
            } else {
                Vec::new()
            };
            let infos: Vec<[vk::DescriptorBufferInfo; 1]> = res
                .buffers
                .iter()
                .map(|&buffer| {
                    [vk::DescriptorBufferInfo {
                        buffer,
                        offset: 0,
                        range: vk::WHOLE_SIZE,
                    }]
                })
                .collect();
            let writes: Vec<_> = job
                .buffers
                .iter()
                .zip(&infos)
                .map(|(b, info)| {
                    vk::WriteDescriptorSet::default()
                        .dst_set(sets[b.group as usize])
                        .dst_binding(b.binding)
                        .descriptor_type(descriptor_type(b))
                        .buffer_info(info)
                })
                .collect();
            d.update_descriptor_sets(&writes, &[]);

            res.module = d
                .create_shader_module(
                    &vk::ShaderModuleCreateInfo::default().code(&job.spirv),
                    None,
                )
                .map_err(|e| format!("vkCreateShaderModule: {e}"))?;
            let name = CString::new(job.entry.as_str()).map_err(|e| e.to_string())?;
            let stage = vk::PipelineShaderStageCreateInfo::default()
                .stage(vk::ShaderStageFlags::COMPUTE)
                .module(res.module)
                .name(&name);
            let info = vk::ComputePipelineCreateInfo::default()
                .stage(stage)
                .layout(res.pipeline_layout);
            res.pipeline = d
                .create_compute_pipelines(vk::PipelineCache::null(), &[info], None)
                .map_err(|(_, e)| format!("vkCreateComputePipelines: {e}"))?[0];

            let cmd = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(self.command_pool)
                        .level(vk::CommandBufferLevel::PRIMARY)
                        .command_buffer_count(1),
                )
                .map_err(|e| format!("vkAllocateCommandBuffers: {e}"))?[0];
            res.command_buffer = cmd;
            d.begin_command_buffer(
                cmd,
                &vk::CommandBufferBeginInfo::default()
                    .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
            )
            .map_err(|e| format!("vkBeginCommandBuffer: {e}"))?;
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::COMPUTE, res.pipeline);
            if !sets.is_empty() {
                d.cmd_bind_descriptor_sets(
                    cmd,
                    vk::PipelineBindPoint::COMPUTE,
                    res.pipeline_layout,
                    0,
                    &sets,
                    &[],
                );
            }
            let [x, y, z] = job.dispatch;
            d.cmd_dispatch(cmd, x, y, z);
            let barrier = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ);
            d.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::HOST,
                vk::DependencyFlags::empty(),
                &[barrier],
                &[],
                &[],
            );
            d.end_command_buffer(cmd)
                .map_err(|e| format!("vkEndCommandBuffer: {e}"))?;
            res.fence = d
                .create_fence(&vk::FenceCreateInfo::default(), None)
                .map_err(|e| format!("vkCreateFence: {e}"))?;
            let cmds = [cmd];
            d.queue_submit(
                self.queue,
                &[vk::SubmitInfo::default().command_buffers(&cmds)],
                res.fence,
            )
            .map_err(|e| format!("vkQueueSubmit: {e}"))?;
            match d.wait_for_fences(&[res.fence], true, FENCE_TIMEOUT_NS) {
                Ok(()) => {}
                Err(vk::Result::TIMEOUT) => {
                    // The queue still runs the shader; nothing can be destroyed safely.
                    eprintln!("refract-diffexec worker: dispatch timed out");
                    std::process::exit(crate::worker::TIMEOUT_EXIT);
                }
                Err(e) => return Err(format!("vkWaitForFences: {e}")),
            }
            Ok(job
                .buffers
                .iter()
                .zip(&res.mapped)
                .map(|(b, &ptr)| std::slice::from_raw_parts(ptr, b.data.len()).to_vec())
                .collect())
        }
    }
}

fn descriptor_type(b: &JobBuffer) -> vk::DescriptorType {
    if b.uniform {
        vk::DescriptorType::UNIFORM_BUFFER
    } else {
        vk::DescriptorType::STORAGE_BUFFER
    }
}

/// Everything one job creates, destroyed together.
#[derive(Default)]
struct Resources {
    buffers: Vec<vk::Buffer>,
    memories: Vec<vk::DeviceMemory>,
    mapped: Vec<*mut u8>,
    set_layouts: Vec<vk::DescriptorSetLayout>,
    pipeline_layout: vk::PipelineLayout,
    pool: vk::DescriptorPool,
    module: vk::ShaderModule,
    pipeline: vk::Pipeline,
    command_buffer: vk::CommandBuffer,
    fence: vk::Fence,
}

impl Resources {
    unsafe fn destroy(&mut self, d: &ash::Device, pool: vk::CommandPool) {
        // SAFETY: the caller guarantees the device no longer uses these; null handles are
        // valid arguments to every vkDestroy* call.
        unsafe {
            d.destroy_fence(self.fence, None);
            if self.command_buffer != vk::CommandBuffer::null() {
                d.free_command_buffers(pool, &[self.command_buffer]);
            }
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_shader_module(self.module, None);
            d.destroy_descriptor_pool(self.pool, None);
            d.destroy_pipeline_layout(self.pipeline_layout, None);
            for &l in &self.set_layouts {
                d.destroy_descriptor_set_layout(l, None);
            }
            for &b in &self.buffers {
                d.destroy_buffer(b, None);
            }
            for &m in &self.memories {
                d.free_memory(m, None);
            }
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: no job is in flight (run() waits for its fence); destroy children first.
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_command_pool(self.command_pool, None);
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}
